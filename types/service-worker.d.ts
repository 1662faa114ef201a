// The service worker's manifest, as sitegen/finishing/offline.py writes it (tsconfig.service-worker.json).

interface OfflineManifest {
  build: string; // a digest of every file of the build
  pages: Record<string, string>; // url -> revision: kept before the build takes over
  runtime: Record<string, string>; // url -> revision: the runtime and the wheel, kept once the page is idle
  runtimeBytes: number;
  snapshot: Record<string, string>; // url -> revision: a returning visitor's saved start
  sizes: Record<string, number>; // url -> bytes of every file above
  answers: string; // the folder of a first visit's stored answers, never kept
}
