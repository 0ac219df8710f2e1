// Turns the data story (the spec's numbers) into sentences a person can act on.
import { columnDecimals, formatFixed, formatPercent } from "./format";
import type { DataStory, StoryOutcome } from "./types";

export interface StoryCard {
  title: string;
  headline: string;
  details: string[];
  /** How many times more likely (or larger) the outcome is for the top case than the bottom case. */
  ratio: number | null;
}

function isClassification(story: DataStory, outcome: StoryOutcome): boolean {
  // Probabilities live in 0..1; a regression story reports predicted values of the target.
  const values = [outcome.top_case, outcome.avg_case, outcome.bottom_case];
  return story.type !== "float" && story.type !== "integer" && values.every((v) => v >= 0 && v <= 1);
}

/** "a", "a and b", "a, b and c". */
function joinAnd(parts: string[]): string {
  return parts.length < 2 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

function describeRatio(ratio: number): string {
  return ratio >= 10 ? `${Math.round(ratio)}×` : `${ratio.toFixed(1)}×`;
}

export function buildStoryCards(story: DataStory): StoryCard[] {
  return story.outcomes.map((outcome) => {
    const classification = isClassification(story, outcome);
    // Whole percents read best, but rare outcomes need a decimal or "1%" and "0%" look alike.
    // Values of the target share one number of decimals in a sentence ("3,933 ... 16,760 ... 678", not "678.359").
    const decimals = columnDecimals([outcome.top_case, outcome.avg_case, outcome.bottom_case]);
    const show = (v: number) => (classification ? formatPercent(v, v < 0.1 ? 1 : 0) : formatFixed(v, decimals));
    const ratio = outcome.bottom_case > 0 && outcome.top_case > 0 ? outcome.top_case / outcome.bottom_case : null;
    const drivers = outcome.causes.map((c) => `${c.field} is ${c.top_value}`);
    const brakes = outcome.causes.map((c) => `${c.field} is ${c.bottom_value}`);
    const title = classification ? `${story.name} = ${outcome.outcome}` : `${story.name}: ${outcome.outcome} values`;
    let headline: string;
    // top_case and bottom_case are the model's predictions for one typical row (median or most frequent
    // value per field) with every cause set to its top (bottom) value, not rates of real rows: the
    // sentence names all the causes the number depends on and says it is the model's.
    if (classification) {
      headline = `On average ${show(outcome.avg_case)} of rows have ${story.name} = ${outcome.outcome}.`;
      if (drivers.length && ratio !== null && ratio >= 1.05) {
        headline += ` For a typical row where ${joinAnd(drivers)}, the model gives ${show(outcome.top_case)}, ${describeRatio(ratio)} the ${show(outcome.bottom_case)} it gives where ${joinAnd(brakes)}.`;
      }
    } else {
      headline = `The average ${story.name} is ${show(outcome.avg_case)}.`;
      if (drivers.length) {
        headline += ` For a typical row the model predicts about ${show(outcome.top_case)} where ${joinAnd(drivers)}, and about ${show(outcome.bottom_case)} where ${joinAnd(brakes)}.`;
      }
    }
    const details = outcome.causes.map((c) => `${c.field}: highest with ${c.top_value}, lowest with ${c.bottom_value}`);
    return { title, headline, details, ratio };
  });
}
