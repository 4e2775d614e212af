/* Loaded first, without defer: tells the CSS that JavaScript runs (the phone menu can then
   start closed). A file, not an inline script, so that a strict Content-Security-Policy
   (script-src 'self') allows it. */
document.documentElement.classList.add("js");
