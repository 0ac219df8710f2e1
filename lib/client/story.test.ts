import { describe, expect, it } from "vitest";
import { buildStoryCards } from "./story";

describe("buildStoryCards", () => {
  it("writes a classification outcome as rates and a ratio", () => {
    const [card] = buildStoryCards({
      name: "Churn",
      type: "category",
      outcomes: [
        {
          outcome: "Yes",
          causes: [
            { field: "Contract", top_value: "Month-to-month", bottom_value: "Two year" },
            { field: "tenure", top_value: "0 to 5", bottom_value: "60 to 72" },
          ],
          top_case: 0.6,
          avg_case: 0.265,
          bottom_case: 0.05,
        },
      ],
    });
    expect(card.title).toBe("Churn = Yes");
    expect(card.headline).toContain("27% of rows");
    // The rates are the model's for a typical row with every cause set, so the sentence names every cause
    // (not only the first two) and does not pass the number off as a share of real rows.
    expect(card.headline).toContain(
      "For a typical row where Contract is Month-to-month and tenure is 0 to 5, the model gives 60%, 12× the 5.0% it gives where Contract is Two year and tenure is 60 to 72.",
    );
    expect(card.headline).not.toMatch(/Rows where .* reach/);
    expect(card.ratio).toBeCloseTo(12);
    expect(card.details).toHaveLength(2);
  });

  it("writes a regression outcome as values", () => {
    const [card] = buildStoryCards({
      name: "price",
      type: "float",
      outcomes: [
        { outcome: "high", causes: [{ field: "carat", top_value: "2 to 5", bottom_value: "0.2 to 0.4" }], top_case: 15000, avg_case: 3900, bottom_case: 700 },
      ],
    });
    expect(card.headline).toBe(
      "The average price is 3,900. For a typical row the model predicts about 15,000 where carat is 2 to 5, and about 700 where carat is 0.2 to 0.4.",
    );
  });

  it("gives the values of one regression sentence the same decimals (diamonds: 3,932.8, 16,760 and 678.359 before)", () => {
    const story = (top: number, avg: number, bottom: number) =>
      buildStoryCards({
        name: "price",
        type: "float",
        outcomes: [
          {
            outcome: "high",
            causes: [{ field: "carat", top_value: "1.22 - 2.49", bottom_value: "0.28 - 0.35" }],
            top_case: top,
            avg_case: avg,
            bottom_case: bottom,
          },
        ],
      })[0].headline;
    expect(story(16760.2, 3932.8, 678.359)).toBe(
      "The average price is 3,933. For a typical row the model predicts about 16,760 where carat is 1.22 - 2.49, and about 678 where carat is 0.28 - 0.35.",
    );
    // A target in small units keeps three significant digits of the largest value.
    expect(story(2.4567, 1.2, 0.3)).toMatch(/average price is 1\.20\. .* about 2\.46 where .* about 0\.30 where/);
  });

  it("names all four causes the typical-row estimate depends on (telco named two of four and read as real rows)", () => {
    const causes = [
      { field: "tenure", top_value: "1 - 5", bottom_value: "64 - 72" },
      { field: "Contract", top_value: "Month-to-month", bottom_value: "Two year" },
      { field: "InternetService", top_value: "Fiber optic", bottom_value: "DSL" },
      { field: "TotalCharges", top_value: "4686 - 6046", bottom_value: "369.1 - 700.9" },
    ];
    const [card] = buildStoryCards({
      name: "Churn",
      type: "category",
      outcomes: [{ outcome: "Yes", causes, top_case: 0.816, avg_case: 0.265, bottom_case: 0.0269 }],
    });
    expect(card.headline).toContain(
      "where tenure is 1 - 5, Contract is Month-to-month, InternetService is Fiber optic and TotalCharges is 4686 - 6046, the model gives 82%",
    );
    expect(card.headline).toContain(
      "the 2.7% it gives where tenure is 64 - 72, Contract is Two year, InternetService is DSL and TotalCharges is 369.1 - 700.9.",
    );
  });
});
