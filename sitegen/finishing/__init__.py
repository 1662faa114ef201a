"""Finishing the rendered site, whichever engine made it: each page's Content Security Policy, the
service worker over every file (told by the bundle's manifest which files are the runtime), the web
app manifest and its icons."""
