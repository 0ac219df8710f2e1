// The training form's field picker on a wide table: a table with 3,000 columns showed 3,000 chips
// and no way to find one but scrolling.

/** Above this many fields to pick from, the picker offers a filter box. */
export const FIELD_FILTER_FROM = 24;

/**
 * The fields shown for a filter text: those whose name holds every word of it (any case, in any
 * order), and always the ones already chosen, so that a choice never disappears from view.
 */
export function filterFieldNames(names: string[], query: string, chosen: string[] = []): string[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return names;
  return names.filter((name) => chosen.includes(name) || words.every((w) => name.toLowerCase().includes(w)));
}
