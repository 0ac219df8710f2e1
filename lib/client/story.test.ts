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
    expect(card.headline).toContain("Contract is Month-to-month and tenure is 0 to 5 reach 60%");
    expect(card.headline).toContain("12×");
    expect(card.headline).toContain("(5.0%)");
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
    expect(card.headline).toBe("The average price is 3,900. It rises to about 15,000 where carat is 2 to 5, and falls to about 700 where carat is 0.2 to 0.4.");
  });
});
