// Turns the data story (the spec's numbers) into sentences a person can act on.
import { columnDecimals, formatFixed, formatInt, formatPercent } from "./format";
import type { DataStory, StoryOutcome } from "./types";

/** The real rows behind one side of an outcome (the engine's report.fields[].story; lib/ml/explain.ts). */
export interface StorySegmentView {
  rows: number;
  observed: number;
  predicted: number;
}

export interface StorySegmentsView {
  rows: number;
  sampled?: boolean;
  outcomes: { outcome: string; top: StorySegmentView; bottom: StorySegmentView }[];
}

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

// A numeric range as the engine writes it ("61 - 72", "-119.9 - -118.3"): "-119.9 - -118.3" read as a
// subtraction, so the story says "-119.9 to -118.3".
const NUMBER_RANGE = /^(-?\d[\d,]*(?:\.\d+)?) - (-?\d[\d,]*(?:\.\d+)?)$/;

export function rangeWords(value: string): string {
  const m = NUMBER_RANGE.exec(value);
  return m ? `${m[1]} to ${m[2]}` : value;
}

/**
 * `segments` (optional: stories shared or stored without them still read) say how many sampled rows
 * meet each side's conditions and what share of them actually has the outcome.
 */
export function buildStoryCards(story: DataStory, segments?: StorySegmentsView | null): StoryCard[] {
  return story.outcomes.map((outcome) => {
    const classification = isClassification(story, outcome);
    // Whole percents read best, but rare outcomes need a decimal or "1%" and "0%" look alike.
    // Values of the target share one number of decimals in a sentence ("3,933 ... 16,760 ... 678", not "678.359").
    const segment = segments?.outcomes?.find((s) => s.outcome === outcome.outcome);
    const observed = segment ? [segment.top.observed, segment.bottom.observed] : [];
    const decimals = columnDecimals([outcome.top_case, outcome.avg_case, outcome.bottom_case, ...observed]);
    const show = (v: number) => (classification ? formatPercent(v, v < 0.1 ? 1 : 0) : formatFixed(v, decimals));
    const ratio = outcome.bottom_case > 0 && outcome.top_case > 0 ? outcome.top_case / outcome.bottom_case : null;
    const drivers = outcome.causes.map((c) => `${c.field} is ${rangeWords(c.top_value)}`);
    const brakes = outcome.causes.map((c) => `${c.field} is ${rangeWords(c.bottom_value)}`);
    const title = classification ? `${story.name} = ${outcome.outcome}` : `${story.name}: ${outcome.outcome} values`;
    const rows = (s: StorySegmentView) => `${formatInt(s.rows)} ${s.rows === 1 ? "row" : "rows"}`;
    const of = `of ${formatInt(segments?.rows)}${segments?.sampled ? " sampled" : ""}`;
    let headline: string;
    // top_case and bottom_case are the model's mean predictions over the real (sampled) rows that meet
    // every cause's value together, so the sentence names all the causes; with the segments it also
    // says how many rows those are and what share of them actually has the outcome.
    if (classification) {
      headline = `On average ${show(outcome.avg_case)} of rows have ${story.name} = ${outcome.outcome}.`;
      if (drivers.length && ratio !== null && ratio >= 1.05) {
        headline += segment
          ? ` For the ${rows(segment.top)} (${of}) where ${joinAnd(drivers)}, the model gives ${show(outcome.top_case)} on average (${show(segment.top.observed)} actually have it), ${describeRatio(ratio)} the ${show(outcome.bottom_case)} it gives the ${rows(segment.bottom)} where ${joinAnd(brakes)} (${show(segment.bottom.observed)} actually).`
          : ` For the rows where ${joinAnd(drivers)}, the model gives ${show(outcome.top_case)} on average, ${describeRatio(ratio)} the ${show(outcome.bottom_case)} it gives where ${joinAnd(brakes)}.`;
      }
    } else {
      headline = `The average ${story.name} is ${show(outcome.avg_case)}.`;
      if (drivers.length) {
        headline += segment
          ? ` The model predicts about ${show(outcome.top_case)} on average for the ${rows(segment.top)} (${of}) where ${joinAnd(drivers)} (actual mean ${show(segment.top.observed)}), and about ${show(outcome.bottom_case)} for the ${rows(segment.bottom)} where ${joinAnd(brakes)} (actual mean ${show(segment.bottom.observed)}).`
          : ` The model predicts about ${show(outcome.top_case)} on average where ${joinAnd(drivers)}, and about ${show(outcome.bottom_case)} where ${joinAnd(brakes)}.`;
      }
    }
    const details = outcome.causes.map((c) => `${c.field}: highest with ${rangeWords(c.top_value)}, lowest with ${rangeWords(c.bottom_value)}`);
    return { title, headline, details, ratio };
  });
}
