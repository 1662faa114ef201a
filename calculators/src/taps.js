// @ts-check
// What one tap on a form does to its values, with nothing of the page: a number's - / +, a choice, a route's
// legs edited. The page's form and legs editor tap with these, the page looks a stored answer up by formKey,
// and the build runs the same functions in Node (sitegen/bundle/taps.mjs) to find the forms a tap or two
// from each calculator's defaults and store their answers under the same keys.

/**
 * A leg's pattern ("move {} difficult ground", "gap {} drop {}"), its words, and what its - / + moves it by and
 * down to (a second number's, a gap's drop: by whole inches, down to `second_lowest`).
 * @typedef {{value: string, label: string, step: string, lowest: string, second_lowest?: string}} LegKind
 */
/** @typedef {{name: string, kind: string, default: string | string[], min?: string, max?: string, choices?: LegKind[], characteristic?: string}} TapField */

export const NEW_INCHES = "2"; // a new leg: the first kind the ruleset offers (a move), 2"
const MOST_INCHES = 48; // a leg's inches at the most

/** A number as a box holds it ("+1", "7+", "3,5", "\u22121"), or NaN. @param {unknown} text */
export const numberIn = (text) => Number.parseFloat(String(text ?? "").replace("\u2212", "-").replace(",", "."));

/**
 * A number field's value after - or + (`delta`): from the box's number, or else the first of `fallbacks` that
 * is one (the last value answered, the default), kept within min and max, written as the box shows it: a
 * modifier as a profile prints it (+0, +1, -1).
 * @param {string} text @param {number} delta @param {{min?: string, max?: string, signed?: boolean}} field
 * @param {unknown[]} fallbacks
 */
export function stepped(text, delta, field, fallbacks = []) {
  let current = numberIn(text);
  for (const other of fallbacks) if (Number.isNaN(current)) current = numberIn(other);
  let next = current + delta;
  if (field.min !== undefined) next = Math.max(next, Number(field.min));
  if (field.max !== undefined) next = Math.min(next, Number(field.max));
  return field.signed && next >= 0 ? `+${next}` : String(next);
}

/** The key a stored answer is kept and looked up by: names in order, a list (a route's legs) as JSON. */
export function formKey(/** @type {Record<string, string | string[]>} */ values) {
  const written = (/** @type {string | string[]} */ value) => (Array.isArray(value) ? JSON.stringify(value) : value);
  return Object.keys(values).sort().map((name) => `${name}=${written(values[name])}`).join("&");
}

const words = (/** @type {string} */ text) => text.replace(/["\u201d]/g, " ").replace(/\s+/g, " ").trim().toLowerCase();

/**
 * "move 2\" difficult ground" -> ["move {} difficult ground", "2"]; "gap 2\" drop 3\"" -> ["gap {} drop {}",
 * "2", "3"]; null for a leg no kind writes: that row keeps its words, and its buttons.
 * @param {LegKind[]} kinds @param {string} leg @returns {string[] | null}
 */
export function kindOf(kinds, leg) {
  for (const { value: pattern } of kinds) {
    const parts = words(pattern).split("{}").map((part) => part.trim());
    const found = words(leg).match(new RegExp(`^${parts.map((part, at) => (at ? ` (\\S+)${part ? ` ${part}` : ""}` : part)).join("")}$`));
    if (found) return [pattern, ...found.slice(1)];
  }
  return null;
}

/** A leg written from its pattern: its inches in the first `{}`, its second number (a drop) in the second.
 * @type {(pattern: string, inches: string, second?: string) => string} */
export const write = (pattern, inches, second = NEW_INCHES) => pattern.replace("{}", `${inches}"`).replace("{}", `${second}"`);

/**
 * A leg's inches after - or +, by its kind's step down to its least (a low wall in half inches); a kind the
 * form does not offer steps by whole inches; its `second` number (a gap's drop) by whole inches.
 * @param {LegKind[]} kinds @param {string} pattern @param {string} inches @param {number} delta @param {boolean} [second]
 */
export function steppedInches(kinds, pattern, inches, delta, second = false) {
  /** @type {LegKind} */
  const kind = kinds.find(({ value }) => value === pattern) ?? { value: pattern, label: pattern, step: "1", lowest: "1" };
  const [step, lowest] = second ? ["1", kind.second_lowest ?? "1"] : [kind.step, kind.lowest];
  const size = Number(step);
  const now = numberIn(inches);
  const from = Number.isNaN(now) ? Number(NEW_INCHES) : now;
  return String(Math.min(MOST_INCHES, Math.max(Number(lowest), Math.round((from + delta * size) / size) * size)));
}

/**
 * The legs after one of the editor's list buttons on leg `index` ("add" and "clear": the list's own).
 * @param {string[]} legs @param {string} action @param {number} index @param {LegKind[]} kinds
 */
export function edited(legs, action, index, kinds) {
  const changed = [...legs];
  const fresh = write(kinds[0].value, NEW_INCHES);
  if (action === "remove") changed.splice(index, 1);
  else if (action === "up") changed.splice(index - 1, 0, ...changed.splice(index, 1));
  else if (action === "down") changed.splice(index + 1, 0, ...changed.splice(index, 1));
  else if (action === "insert") changed.splice(index + 1, 0, fresh);
  else if (action === "add") changed.push(fresh);
  else if (action === "clear") changed.splice(0);
  return changed;
}

/**
 * Every list of legs one tap on the editor makes, each with the tap that makes it ("leg 1 more", "add"):
 * each leg's inches - / + (and its second number's), its kind changed, taken out, moved up, a new leg
 * inserted after it; one added at the end.
 * @param {LegKind[]} kinds @param {string[]} legs @returns {[string, string[]][]}
 */
export function legTaps(kinds, legs) {
  /** @type {[string, string[]][]} */
  const found = [];
  legs.forEach((leg, index) => {
    const kind = kindOf(kinds, leg);
    const put = (/** @type {string} */ written) => legs.map((other, at) => (at === index ? written : other));
    if (kind) {
      const [pattern, inches, second] = kind;
      for (const delta of [-1, 1]) {
        const moved = write(pattern, steppedInches(kinds, pattern, inches, delta), second);
        if (!Number.isNaN(numberIn(inches)) && moved !== leg) found.push([`leg ${index} ${delta}`, put(moved)]);
        if (second === undefined) continue;
        const dropped = write(pattern, inches, steppedInches(kinds, pattern, second, delta, true));
        if (!Number.isNaN(numberIn(second)) && dropped !== leg) found.push([`leg ${index} second ${delta}`, put(dropped)]);
      }
      for (const { value: other } of kinds) if (other !== pattern) found.push([`leg ${index} kind ${other}`, put(write(other, inches, second))]);
    }
    found.push([`leg ${index} remove`, edited(legs, "remove", index, kinds)]);
    if (index) found.push([`leg ${index} up`, edited(legs, "up", index, kinds)]); // down is the leg below's up
    found.push([`leg ${index} insert`, edited(legs, "insert", index, kinds)]);
  });
  found.push(["add", edited(legs, "add", legs.length, kinds)]);
  return found;
}

/**
 * Each form one tap from `values`, with the tap that makes it: a choice picked, a number stepped, a route's
 * legs edited.
 * @param {TapField[]} fields @param {Record<string, string | string[]>} values
 * @returns {[string, Record<string, string | string[]>][]}
 */
export function tapsFrom(fields, values) {
  /** @type {[string, Record<string, string | string[]>][]} */
  const found = [];
  for (const field of fields) {
    const now = values[field.name];
    if (field.kind === "list") {
      for (const [tap, legs] of legTaps(field.choices ?? [], /** @type {string[]} */ (now))) found.push([tap, { ...values, [field.name]: legs }]);
    } else if (field.kind === "choice") {
      for (const { value } of field.choices ?? []) if (value !== now) found.push([`${field.name} ${value}`, { ...values, [field.name]: value }]);
    } else if (!Number.isNaN(numberIn(now))) {
      for (const delta of [-1, 1]) {
        const shown = stepped(String(now), delta, { ...field, signed: field.kind === "modifier" });
        if (shown !== now) found.push([`${field.name} ${delta}`, { ...values, [field.name]: shown }]);
      }
    }
  }
  return found;
}

/** Each form one tap from `values`. @param {TapField[]} fields @param {Record<string, string | string[]>} values */
export const oneTap = (fields, values) => tapsFrom(fields, values).map(([, form]) => form);

/**
 * The forms a route reaches in a second tap as a player makes it (#62, item 5): the same tap again (a leg's
 * + twice, a second leg added), and the model's Movement - / + after any tap on the legs. Not every second
 * tap: the legs alone make some eighty first ones, and every pair of them would be thousands of answers.
 * @param {TapField[]} fields @param {[string, Record<string, string | string[]>][]} first
 */
function secondTaps(fields, first) {
  const movement = fields.find((field) => field.characteristic === "model.move")?.name;
  return first.flatMap(([tap, values]) => tapsFrom(fields, values)
    .filter(([again]) => again === tap || (movement && (tap.startsWith("leg ") || tap === "add") && again.startsWith(`${movement} `)))
    .map(([, form]) => form));
}

/**
 * The defaults and every form within `taps` taps of them, each once, nearest first, by key: two taps; for a
 * form with a list (a route: each leg's taps already make it some eighty forms), one, and the second taps a
 * player makes most.
 * @param {TapField[]} fields @param {number} [taps] @returns {[string, Record<string, string | string[]>][]}
 */
export function near(fields, taps) {
  const listed = fields.some((field) => field.kind === "list");
  const rings = taps ?? (listed ? 1 : 2);
  const start = Object.fromEntries(fields.map((field) => [field.name, field.default]));
  const found = new Map([[formKey(start), start]]);
  let ring = [start];
  for (let tap = 0; tap < rings; tap += 1) {
    ring = ring.flatMap((values) => oneTap(fields, values)).filter((values) => !found.has(formKey(values)));
    for (const values of ring) if (!found.has(formKey(values))) found.set(formKey(values), values);
  }
  if (listed && taps === undefined) {
    for (const values of secondTaps(fields, tapsFrom(fields, start))) if (!found.has(formKey(values))) found.set(formKey(values), values);
  }
  return [...found.entries()];
}
