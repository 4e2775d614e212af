/* The site's service worker, built by build.mjs (Workbox's injectManifest): the static
   files are precached; the day's pages (my matches, an event's pages, a match, the desk
   and the console, a chouette table) are network first, so the last version read stays
   readable offline. Pages kept for one person are dropped when another signs in or they
   sign out: the pages ask this worker to (nardy/offline.js, "forget-pages"). Writes are
   never cached: results entered offline are kept by the page itself (nardy/offline.js). */
importScripts("__WORKBOX_URL__/workbox-sw.js");
workbox.setConfig({modulePathPrefix: "__WORKBOX_URL__/", debug: false});

const PAGES_CACHE = "nardy-pages";
const DAY_PAGES = [
  /^\/my-matches\/$/,
  /^\/my-tournaments\/$/,
  /^\/tournaments\/\d+\/((bracket|standings|crosstable|score-sheets|desk|console|tv)\/)?$/,
  /^\/matches\/\d+\/$/,
  /^\/chouettes\/\d+\/$/,  // a chouette table: its scorer goes on entering games offline
];

workbox.core.clientsClaim();
self.skipWaiting();
workbox.precaching.precacheAndRoute(self.__WB_MANIFEST);
workbox.precaching.cleanupOutdatedCaches();

workbox.routing.registerRoute(
  ({request, url}) => request.mode === "navigate" && url.origin === self.location.origin
    && DAY_PAGES.some((page) => page.test(url.pathname)),
  new workbox.strategies.NetworkFirst({
    cacheName: PAGES_CACHE,
    networkTimeoutSeconds: 5,
    plugins: [new workbox.cacheableResponse.CacheableResponsePlugin({statuses: [200]})],
  }),
);

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "forget-pages") {
    event.waitUntil(caches.delete(PAGES_CACHE));
  }
});
