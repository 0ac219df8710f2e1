// "plot mpg vs weight": the plotting convention is "y versus x" (also "y against x", "y as a function
// of x"), so the field named first goes on the vertical axis. The corpora do not settle it (the NLV
// corpus says both orders for the same reference chart, 37 times x first and 35 times y first), so
// the learned ranking is left to pick the fields and the words decide the axes afterwards. Axes
// named outright ("on the x axis") are left alone.
import type { AnalysisPlan } from "../plan";
import type { Atoms } from "./attach";
import grammar from "../vocab/grammar.json";

const Y_FIRST = new Set<string>(grammar.axes.yFirst);
/** Words that say "y versus x" only when they stand between two fields ("monthly charges over tenure"); elsewhere a comparison ("charges over 50") or a span ("over time"). */
const Y_OVER_X = new Set<string>(grammar.axes.yOverX);

/** The relationship plan with its axes turned round when the words put them the other way, else null. */
export function versusAxes(a: Atoms, plan: AnalysisPlan): AnalysisPlan | null {
  if (plan.intent !== "relationship" || !plan.x || !plan.y || plan.x === plan.y) return null;
  const refs = a.refs.filter((r) => r.turn === 0 && r.cands.length === 1);
  if (refs.some((r) => r.xAxis || r.yAxis)) return null;
  const rx = refs.find((r) => r.cands[0].name === plan.x);
  const ry = refs.find((r) => r.cands[0].name === plan.y);
  if (!rx || !ry || rx.pos > ry.pos) return null;
  // The first field (now on x) and the second, with a "versus" word between them and nothing else named.
  const { mentions, at } = a.reading;
  let versus = false;
  for (let k = rx.end; k < ry.pos; k++) {
    const m = at[k] >= 0 ? mentions[at[k]] : undefined;
    if (!m) continue;
    const text = m.text.toLowerCase();
    if (m.kind === "word" && ((m.hits.some((h) => h.category === "relation" && h.key === "versus") && Y_FIRST.has(text)) || Y_OVER_X.has(text))) versus = true;
    else if (m.kind === "field" || m.kind === "value") return null;
  }
  return versus ? { ...plan, x: plan.y, y: plan.x } : null;
}
