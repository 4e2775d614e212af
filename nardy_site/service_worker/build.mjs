// Builds the site's service worker with Workbox (npm: workbox-build), run by the
// Makefile's node step (`make build/pwa/sw.js`): Workbox's libraries are copied into
// build/pwa/ (served as static files under /static/pwa/, nothing from a CDN), and the
// precache manifest of every static file the pages load is injected into sw-source.js.
// build/ is git-ignored; Django serves build/pwa/sw.js at /sw.js (nardy_site/pwa.py).
import {copyWorkboxLibraries, getManifest, injectManifest} from "workbox-build";
import {mkdir, readFile, readdir, rm, stat, writeFile} from "node:fs/promises";
import path from "node:path";
import {fileURLToPath} from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const OUT = path.join(ROOT, "build", "pwa");
const STATIC_URL = "/static/";  // settings.STATIC_URL
const PATTERNS = ["**/*.{js,css,svg,png,ico,woff2}"];

// Static folders and the URL prefix they are served under (settings.STATICFILES_DIRS and
// each app's static/ folder).
async function staticSources() {
  const sources = [
    {dir: path.join(ROOT, "node_modules", "htmx.org", "dist"), prefix: "vendor/htmx/",
     patterns: ["htmx.min.js"]},
    {dir: path.join(ROOT, "node_modules", "@picocss", "pico", "css"), prefix: "vendor/pico/",
     patterns: ["pico.min.css"]},
  ];
  for (const name of (await readdir(ROOT)).sort()) {
    const dir = path.join(ROOT, name, "static");
    try {  // the apps: Python packages with a static folder
      await stat(path.join(ROOT, name, "__init__.py"));
      if ((await stat(dir)).isDirectory()) sources.push({dir, prefix: "", patterns: PATTERNS});
    } catch (error) { /* not an app, or no static folder */ }
  }
  return sources;
}

async function main() {
  await rm(OUT, {recursive: true, force: true});
  await mkdir(OUT, {recursive: true});
  const libraries = await copyWorkboxLibraries(OUT);  // e.g. "workbox-v7.4.1"
  const entries = [];
  for (const source of await staticSources()) {
    const {manifestEntries, warnings} = await getManifest({
      globDirectory: source.dir,
      globPatterns: source.patterns,
      modifyURLPrefix: {"": STATIC_URL + source.prefix},
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    });
    warnings.forEach((warning) => console.warn(warning));
    entries.push(...manifestEntries);
  }
  const template = await readFile(path.join(ROOT, "nardy_site", "service_worker", "sw-source.js"), "utf8");
  const source = path.join(OUT, "sw-source.js");
  await writeFile(source, template.replaceAll("__WORKBOX_URL__", STATIC_URL + "pwa/" + libraries));
  const {count, warnings} = await injectManifest({
    swSrc: source,
    swDest: path.join(OUT, "sw.js"),
    globDirectory: OUT,
    globPatterns: [],
    additionalManifestEntries: entries,
  });
  warnings.forEach((warning) => console.warn(warning));
  await rm(source);
  console.log(`build/pwa/sw.js: ${count} static files precached, ${libraries}`);
}

main().catch((error) => { console.error(error); process.exit(1); });
