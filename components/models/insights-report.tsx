"use client";
// The insights report of one predicted field: what the model page and a shared report show below
// the holdout statistics. All of it was measured at training time on the holdout.
import { useEffect, useState } from "react";
import type { StoredThreshold } from "@/lib/client/use-model-insights";
import { Card } from "../ui/card";
import { Notice } from "../ui/feedback";
import { InsightsCurves } from "./insights-curves";
import { InsightsDependence } from "./insights-dependence";
import { InsightsExamples } from "./insights-examples";
import { InsightsFieldStats } from "./insights-field-stats";
import { InsightsRegression } from "./insights-regression";
import { initialThresholdChoice, ThresholdControl, type ThresholdChoice } from "./insights-threshold";
import type { FieldReportView } from "./report";

export function InsightsReport({
  field,
  report,
  saved,
  onSaveThreshold,
  saving,
  saveError,
  showExamples = true,
}: {
  field: string;
  report: FieldReportView | null;
  saved?: StoredThreshold;
  onSaveThreshold?: (value: { threshold: number | null; positive_class: string }) => void;
  saving?: boolean;
  saveError?: unknown;
  showExamples?: boolean;
}) {
  const insights = report?.insights;
  const [choice, setChoice] = useState<ThresholdChoice | null>(() => (insights ? initialThresholdChoice(insights, saved) : null));
  // A saved change (or another version's report) resets the control to what is now in force.
  const savedKey = `${saved?.positive_class ?? ""}:${saved?.threshold ?? ""}`;
  useEffect(() => {
    setChoice(insights ? initialThresholdChoice(insights, saved) : null);
  }, [insights, savedKey]);

  if (!insights) {
    return (
      <Card title="Insights">
        <Notice>This model was trained before the insights report existed. Retrain it to see thresholds, curves, examples and partial dependence.</Notice>
      </Card>
    );
  }
  const classes = report?.classes ?? [];
  const flip = insights.task === "binary" && choice?.positiveIndex === 0;
  const positive = insights.task === "binary" ? (choice?.positiveClass ?? classes[1]) : undefined;
  const hasExamples = Object.values(insights.examples).some((list) => Array.isArray(list));

  return (
    <div className="space-y-6" data-testid="insights-report">
      {insights.notes.length > 0 && (
        <Notice>
          {insights.notes.map((n) => (
            <span key={n} className="block">
              {n}
            </span>
          ))}
        </Notice>
      )}
      {insights.task === "binary" && choice && (
        <Card
          title="Decision threshold"
          description={`How many ${choice.positiveClass} rows are caught, and how many false alarms, at each threshold: measured on ${insights.holdoutRows.toLocaleString("en-US")} holdout rows the model never trained on.`}
          className="break-inside-avoid"
        >
          <ThresholdControl
            insights={insights}
            saved={saved}
            choice={choice}
            onChange={setChoice}
            onSave={onSaveThreshold}
            saving={saving}
            saveError={saveError}
          />
        </Card>
      )}
      {insights.curves && insights.curves.length > 0 && (
        <Card
          title={insights.task === "binary" ? "Ranking quality" : "Ranking quality, one class against the rest"}
          description="ROC and precision-recall curves, and how much of a class the highest-ranked rows hold."
          className="break-inside-avoid"
        >
          <InsightsCurves curves={insights.curves} choice={insights.task === "binary" ? choice : null} />
        </Card>
      )}
      {insights.regression && (
        <Card
          title={`How far off the predictions of ${field} are`}
          description="On the holdout rows: predicted against actual, error by range of the actual value, and residuals by the most important fields."
        >
          <InsightsRegression regression={insights.regression} target={field} />
        </Card>
      )}
      {showExamples && hasExamples && (
        <Card
          title="Where the model goes wrong"
          description="The holdout rows it got most wrong, with the fields that pushed it there (exact contributions of the model that scored them)."
        >
          <InsightsExamples insights={insights} classes={classes} choice={choice} />
        </Card>
      )}
      <Card
        title="How the prediction responds to each field"
        description="Partial dependence: the average prediction when one field is set to each value, with the other fields as in real rows. It shows the model's behaviour, not cause and effect."
        className="break-inside-avoid"
      >
        <InsightsDependence items={insights.partialDependence} task={insights.task} target={field} positiveClass={positive} flip={flip} />
      </Card>
      <Card title="Fields" description="Each input field over the rows with a known target: how complete and varied it is, and how the target varies with it.">
        <InsightsFieldStats
          stats={insights.fieldStats}
          task={insights.task}
          target={field}
          rateClass={insights.task === "binary" ? positive : insights.rateClasses?.[0]}
          flip={flip}
        />
      </Card>
    </div>
  );
}
