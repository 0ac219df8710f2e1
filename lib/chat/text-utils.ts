// Text normalisation for comparing a filter's value with the data's values (execute.ts) and for
// reading units in chatContext (format.ts). Every pattern here is linear: no nested or adjacent
// unbounded quantifiers over the same characters.

/** Lowercase, accents stripped, punctuation to spaces (keeps digits, '.', '%', '$', '<', '>', '='). */
export function normalizeText(text: string): string {
  return (
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/(\d),(\d{3})/g, "$1$2")
      // Dates typed in full stay one token: 2016-03-05 and 3/5/2016 -> 2016d03d05.
      .replace(/\b(\d{4})-(\d{1,2})-(\d{1,2})\b/g, (_, y: string, m: string, d: string) => `${y}d${m.padStart(2, "0")}d${d.padStart(2, "0")}`)
      .replace(/\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/g, (_, m: string, d: string, y: string) => `${y}d${m.padStart(2, "0")}d${d.padStart(2, "0")}`)
      .replace(/\b(\d{4})-(\d{2})\b(?!\s*-)/g, (all: string, y: string, m: string) => (Number(m) >= 1 && Number(m) <= 12 ? `${y}d${m}` : all))
      .replace(/'s\b/g, "")
      .replace(/[’']/g, "")
      .replace(/(\d)\s*-\s*(\d)/g, "$1 to $2")
      .replace(/([<>]=?|=)/g, " $1 ")
      .replace(/[^a-z0-9.%$<>=\s]/g, " ")
      .replace(/\.(?!\d)/g, " ")
      .replace(/\s+/g, " ")
      .trim()
  );
}

/** "Average of Sales" -> "average of Sales": a title put inside a sentence. */
export function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}
