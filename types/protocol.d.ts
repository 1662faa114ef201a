// The messages between a page and the calculators' worker, each defined once: the page's scripts
// (tsconfig.json) and the worker (tsconfig.worker.json) are both checked against these.

/** Page -> worker: start Python from these files (start.js), then questions (engine.js). */
type ToWorker =
  | {
      type: "boot";
      runtime: string;
      stdlib: string;
      wheel: string;
      /** The saved start's parts, in order: used only if the offline copy holds every one. */
      snapshot: string[];
      snapshotBytes: number;
      bytes: number;
      sizes: number[];
    }
  | { type: "calculate"; id: number; calculator: string; ruleset: string; values: string; root: string; house: string }
  | { type: "compare"; id: number; calculator: string; ruleset: string; values: string; root: string }
  /** A table file checked before the phone keeps it (rulescore.web.table.respond_table). */
  | { type: "table"; id: number; text: string }
  /** A model's card from the phone's table (rulescore.web.table.card_html). */
  | { type: "card"; id: number; text: string; ruleset: string; name: string }
  /** The whole table on one sheet to print (rulescore.web.table.sheet_html). */
  | { type: "sheet"; id: number; text: string }
  /** A roster's lines read into models and added to the phone's table (rulescore.web.table.respond_roster). */
  | { type: "roster"; id: number; text: string; ruleset: string; side: string; lines: string };

/** A question as the page asks it; the engine numbers it. */
type Question = ToWorker extends infer T ? (T extends { id: number } ? Omit<T, "id"> : never) : never;

/** How Python started, for the benchmark and the tests: from a saved start or afresh, and when each step ended. */
interface StartTimings {
  start: "snapshot" | "fresh" | "fresh, the snapshot failed";
  runtime: number;
  wheel: number;
  steps: Record<string, number>;
}

/** Worker -> page: the runtime's bytes so far, Python up, a start that failed, or a question's answer (JSON). */
type FromWorker =
  | { type: "progress"; loaded: number; total: number }
  | { type: "ready"; timings: StartTimings }
  | { type: "failed"; error: string }
  | { type: "result"; id: number; json: string };

/** A form's values as the page sends them: a string per field, a list field's items as a list. */
type FormValues = Record<string, string | string[]>;

/** A refusal that rests on our reading of the text, and where that reading is explained. */
interface Reading {
  field: string;
  title: string;
  href: string;
  /** Where a table switches this reading (a house rule), if it may. */
  switch?: string;
}

/** What rulescore.web.answer.respond (and respond_compare) answers a form with; a stored answer
 * (nearby.js) is the same, made at build time. */
interface Reply {
  ok: boolean;
  errors: Record<string, string>;
  /** The result as HTML, game terms marked (an answer). */
  html?: string;
  /** The values it is for, in words, as the form labels them (an answer). */
  for?: string;
  inputs?: FormValues;
  /** Nothing is wrong: the question is not whole yet (a route with no legs). */
  unfinished?: boolean;
  forbidden?: boolean;
  readings?: Reading[];
  /** The house rules this answer would be other without (a shared link carries them). */
  house_rules?: HouseRule[];
}

/** One rule a table plays otherwise: a number of numbers.toml ("jump_down.max_height") or a reading's id. */
interface HouseRule {
  ruleset: string;
  rule: string;
  value: string;
}

/** A model as a player entered it: its profile by characteristic ("move", "initiative"...). */
interface Model {
  name: string;
  ruleset: string;
  side: "mine" | "enemy";
  profile: Record<string, string>;
}

/** A player's table as the phone keeps it and a file or link carries it (rulescore.table.file). */
interface PlayersTable {
  format: string;
  version: number;
  models: Model[];
  house_rules: HouseRule[];
}

/** What rulescore.web.table answers: a table checked (with its house rules in words), or a card. */
interface TableReply {
  ok: boolean;
  errors: Record<string, string>;
  table?: PlayersTable;
  words?: Record<string, string>;
  html?: string;
}
