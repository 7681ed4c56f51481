/**
 * A label defaults to the field name with its prefix (`{base}_`) removed, underscores
 * turned into spaces, and the first letter capitalised: `herb_latin_name` → "Latin name".
 */
export function defaultLabel(name: string, base?: string): string {
  const prefix = base ? `${base}_` : '';
  const bare =
    prefix && name.startsWith(prefix) && name.length > prefix.length
      ? name.slice(prefix.length)
      : name;
  const words = bare.replace(/_/g, ' ').trim();
  return capitalised(words);
}

/** Toggle defaults: 1 is Yes, 0 is No. */
export const TOGGLE_OPTIONS = [
  { value: 1, label: 'Yes' },
  { value: 0, label: 'No' },
] as const;

/**
 * "a patient", "an allergy": a noun of ours with its article. By the first letter, which is
 * right for every singular the definitions use ("a user": its "u" sounds like "you").
 */
export const withArticle = (noun: string): string =>
  `${/^[aeio]/i.test(noun) ? 'an' : 'a'} ${noun}`;

/** A required field left empty, named by its label: "Name is required." (server and screen). */
export const requiredText = (label: string): string => `${label} is required.`;

/** "A patient" at the start of a sentence. */
export const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
