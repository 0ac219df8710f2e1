// Which of two money fields a threshold is about ("claims over $500" over Amount and Reimbursed Amount).
import type { Ambiguity } from "./choose";
import { MONEY_FIELD_NAMES, nameWords, type TableLexicon, withoutStorageWords } from "./lexicon";

/** A field named for what it holds as a percentage ("Reimbursed %", "discount_pct"): no amount of money. */
function percentNamed(field: string): boolean {
  return /%|\bper ?cent|\bpct\b/i.test(field.replace(/_/g, " "));
}

/**
 * When a question back would ask which number field a threshold or condition is about, and exactly one of them
 * is the row's plain amount (named like an amount, words.json moneyTotals.fieldNames: "Amount", "Total") while
 * every other one is that amount with a qualifier ("Reimbursed Amount", "Amount Refunded") or, for a threshold
 * said in money ("over $500"), a percentage: the plain amount's reading (the row's own amount: a claim over $500
 * is a claim of over $500). The caller states the reading. Otherwise null (ask).
 */
export function plainAmountChoice(amb: Ambiguity, lex: TableLexicon): number | null {
  if (amb.fields.length < 2 || !amb.fields.every((f) => lex.byName.get(f)?.role === "number")) return null;
  const words = amb.fields.map((f) => {
    const ws = nameWords(f);
    return withoutStorageWords(ws) ?? ws;
  });
  const plain = words.map((ws) => MONEY_FIELD_NAMES.has(ws.join(" ")));
  if (plain.filter(Boolean).length !== 1) return null;
  const at = plain.indexOf(true);
  const money = /[$€£¥]/.test(amb.text);
  const qualified = (i: number) => words[at].every((w) => words[i].includes(w)) && words[i].length > words[at].length;
  return amb.fields.every((f, i) => i === at || qualified(i) || (money && percentNamed(f))) ? at : null;
}
