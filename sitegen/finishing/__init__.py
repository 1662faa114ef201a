"""Finishing the rendered site, whichever engine made it.
- page_safety.py: the last look over every page before it replaces the site;
- offline.py: each page's Content Security Policy, the service worker over every file (told by the bundle's
  manifest which files are the worker's, the saved start and the stored answers), the web app manifest;
- service_worker/: the service worker's modules, one per job, bundled into sw.js; icons.py: its icons."""
