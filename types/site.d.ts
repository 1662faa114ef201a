// What the site's scripts share through the page's window, said once for the type checker (tsconfig.json).

interface CalculatorsWorker extends Worker {
  /** Messages the worker sent before calculators.js took it over (start.js keeps them). */
  early: FromWorker[];
}

interface Window {
  /** start.js: starts Python's worker once per page, or returns the one started. */
  calculatorsStart(): CalculatorsWorker;
  /** start.js: ends a worker that stopped answering; the next question starts another. */
  calculatorsStop(): void;
  /** start.js: the folder of this build's answers a tap or two from each calculator's defaults. */
  calculatorsAnswers: string;
  /** start.js: the stored answers asked for with the page, by URL (a page opened at a calculator). */
  calculatorsEarly: Record<string, Promise<Response | null>>;
  /** share.js: shares or copies a link, and says so on the button. */
  shareLink(url: string, button: HTMLElement, label: string): void;
  /** calculators.js, on Your table's page: what that page's own script (your-table.js) uses of Python and
   * of the phone's table; `setUp` is that script's, for the page put in place again. */
  playersTable?: PlayersTableApi;
  /** Material for MkDocs: emits each page its instant navigation puts in place. */
  document$?: { next(page: Document): void; subscribe(next: () => void): unknown };
}

/** The theme's (both engines'): a value kept in the browser's storage for this site, or null. */
declare function __md_get<T>(key: string): T | null;
/** The theme's: keeps a value for this site in the browser's storage. */
declare function __md_set(key: string, value: unknown): void;

interface Navigator {
  /** The Network Information API, where a browser has it (Save-Data, slow links). */
  connection?: { saveData?: boolean; effectiveType?: string };
}

/** A calculator's <section class="calc">, with what the page script keeps of it: the answer shown, the
 * values it is for (and in words), where it came from, and the question out. */
interface CalculatorElement extends HTMLElement {
  /** What the form template (calculators/form.html) writes on every calculator. */
  dataset: DOMStringMap & { calculator: string; ruleset: string; root: string };
  shownFor: FormValues;
  shownWords: string;
  /** built: the page's own; page: a stored answer; live: Python's. */
  shownKind: "built" | "page" | "live";
  /** What is wrong with the form as a whole, said in the status line ("" for nothing). */
  invalid: string;
  unfinished: boolean;
  /** The newest question's number, the number Python last answered, and how many are out. */
  sequence?: number;
  liveFor?: number;
  asking?: number;
  /** The house rules the last answer was other without (the address carries them). */
  houseUsed?: HouseRule[];
  /** The house rules the answer on screen was other without: it stands only while each is in play. */
  shownHouse?: HouseRule[];
}

/** What Your table's page script is handed by calculators.js (one worker, one copy of the phone's table). */
interface PlayersTableApi {
  askPython(question: Question): Promise<string>;
  boot(): Promise<void>;
  engineWords(): string;
  clearTable(): void;
  keepTable(table: PlayersTable): boolean;
  keptTable(): PlayersTable;
  /** The table as kept this moment, read from storage again (another tab may have written a moment ago). */
  keptNow(): PlayersTable;
  keptText(): string | null;
  storageRefused(): boolean;
  tableShape(raw: unknown): PlayersTable | null;
  /** Which bound a table of the right shape is past, in a player's words ("holds 61 models: …"), or "". */
  pastBounds(raw: unknown): string;
  unreadableTable(): string | null;
  setAsideTable(): string | null;
  renamePicked(ruleset: string, from: string, to: string): void;
  setUp?: () => void;
}
