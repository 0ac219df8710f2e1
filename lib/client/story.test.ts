import { describe, expect, it } from "vitest";
import { buildStoryCards, rangeWords } from "./story";

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
    // The rates are the model's mean over the rows that meet every cause, so the sentence names every cause
    // (not only the first two).
    expect(card.headline).toContain(
      "For the rows where Contract is Month-to-month and tenure is 0 to 5, the model gives 60% on average, 12× the 5.0% it gives where Contract is Two year and tenure is 60 to 72.",
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
      "The average price is 3,900. The model predicts about 15,000 on average where carat is 2 to 5, and about 700 where carat is 0.2 to 0.4.",
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
      "The average price is 3,933. The model predicts about 16,760 on average where carat is 1.22 to 2.49, and about 678 where carat is 0.28 to 0.35.",
    );
    // A target in small units keeps three significant digits of the largest value.
    expect(story(2.4567, 1.2, 0.3)).toMatch(/average price is 1\.20\. .* about 2\.46 on average where .* about 0\.30 where/);
  });

  it("names all four causes the estimate depends on (telco named two of four)", () => {
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
      "where tenure is 1 to 5, Contract is Month-to-month, InternetService is Fiber optic and TotalCharges is 4686 to 6046, the model gives 82%",
    );
    expect(card.headline).toContain(
      "the 2.7% it gives where tenure is 64 to 72, Contract is Two year, InternetService is DSL and TotalCharges is 369.1 to 700.9.",
    );
  });

  it("says how many sampled rows meet each side's causes and what share of them has the outcome", () => {
    const causes = [
      { field: "Contract", top_value: "Month-to-month", bottom_value: "Two year" },
      { field: "tenure", top_value: "1 - 5", bottom_value: "61 - 72" },
    ];
    const story = { name: "Churn", type: "category", outcomes: [{ outcome: "Yes", causes, top_case: 0.7208, avg_case: 0.265, bottom_case: 0.0193 }] };
    const segments = {
      rows: 1000,
      outcomes: [{ outcome: "Yes", top: { rows: 75, observed: 0.8, predicted: 0.7208 }, bottom: { rows: 48, observed: 0.0625, predicted: 0.0193 } }],
    };
    const [card] = buildStoryCards(story, segments);
    expect(card.headline).toBe(
      "On average 27% of rows have Churn = Yes. For the 75 rows (of 1,000) where Contract is Month-to-month and tenure is 1 to 5, the model gives 72% on average (80% actually have it), 37× the 1.9% it gives the 48 rows where Contract is Two year and tenure is 61 to 72 (6.3% actually).",
    );
    const [price] = buildStoryCards(
      {
        name: "price",
        type: "float",
        outcomes: [
          { outcome: "high", causes: [{ field: "carat", top_value: "2 - 5", bottom_value: "0.2 - 0.4" }], top_case: 15000, avg_case: 3900, bottom_case: 700 },
        ],
      },
      {
        rows: 500,
        sampled: true,
        outcomes: [{ outcome: "high", top: { rows: 100, observed: 14500, predicted: 15000 }, bottom: { rows: 90, observed: 720, predicted: 700 } }],
      },
    );
    expect(price.headline).toBe(
      "The average price is 3,900. The model predicts about 15,000 on average for the 100 rows (of 500 sampled) where carat is 2 to 5 (actual mean 14,500), and about 700 for the 90 rows where carat is 0.2 to 0.4 (actual mean 720).",
    );
  });
});

describe("rangeWords", () => {
  it("writes a numeric range with 'to', so a negative bound never reads as a subtraction", () => {
    expect(rangeWords("-119.9 - -118.3")).toBe("-119.9 to -118.3");
    expect(rangeWords("944.6 - 2049")).toBe("944.6 to 2049");
    expect(rangeWords("1,200 - 3,400")).toBe("1,200 to 3,400");
  });
  it("leaves other values alone", () => {
    expect(rangeWords("Month-to-month")).toBe("Month-to-month");
    expect(rangeWords("<1H OCEAN")).toBe("<1H OCEAN");
    expect(rangeWords("12")).toBe("12");
  });
});
