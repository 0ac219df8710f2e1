// "which team won the most games", "number of wins by team" over home_team, away_team and winner (all three hold
// team names): a word that names several fields only in part ("team"), said with the verb of an agent field
// ("won": winner, words.json agentVerbs) whose values are values of each of them, is that agent field. Without
// this the question asks back between home_team and away_team, neither of which it is about.
import type { TableLexicon } from "./lexicon";
import type { Mention } from "./readers";
import type { Token } from "./tokens";

type FieldMention = Extract<Mention, { kind: "field" }>;

/** Rewrites `mentions` in place: the partly named field word becomes the agent field; the verb's own mention goes. */
export function readSharedAgentWord(mentions: Mention[], tokens: Token[], lex: TableLexicon): void {
  const agentOf = (m: Mention): string | null => {
    if (m.kind !== "field" || m.fields.length !== 1 || m.end - m.start !== 1) return null;
    const lemma = tokens[m.start].lemma;
    const said = lex.names.some((n) => n.field === m.fields[0].name && n.agentVerb && n.words.length === 1 && n.words[0] === lemma);
    return said ? m.fields[0].name : null;
  };
  const valuesOf = (field: string) => new Set(lex.byName.get(field)?.dictionary ?? []);
  for (const m of mentions) {
    if (m.kind !== "field" || !m.partial || m.fields.length < 2) continue;
    const verb = mentions.find((v) => v !== m && agentOf(v));
    if (!verb) continue;
    const agent = agentOf(verb)!;
    const agentValues = [...valuesOf(agent)];
    if (!agentValues.length || m.fields.some((f) => f.name === agent)) continue;
    if (!m.fields.every((f) => agentValues.every((v) => valuesOf(f.name).has(v)))) continue;
    (m as FieldMention).fields = [{ name: agent, score: 0.8 }];
    (m as FieldMention).partial = false;
    mentions.splice(mentions.indexOf(verb), 1);
    return;
  }
}
