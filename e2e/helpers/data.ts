// Small deterministic datasets for end-to-end tests, with a signal a model can learn.
export function churnRows(n = 400, seed = 7) {
  let s = seed;
  const rand = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  const plans = ["basic", "standard", "premium"];
  const regions = ["north", "south", "east", "west"];
  const rows: Record<string, string | number>[] = [];
  for (let i = 0; i < n; i++) {
    const plan = plans[Math.floor(rand() * 3)];
    const usage = Math.round(rand() * 100);
    const tenure = Math.round(rand() * 60);
    const region = regions[Math.floor(rand() * 4)];
    const risk = (plan === "basic" ? 0.5 : plan === "standard" ? 0.2 : 0.05) + (usage < 30 ? 0.35 : 0) - tenure / 200;
    rows.push({
      customer_id: `C${10000 + i}`,
      plan,
      region,
      monthly_usage: usage,
      tenure_months: tenure,
      signup: `20${String(15 + (i % 8)).padStart(2, "0")}-0${1 + (i % 9)}-1${i % 9}`,
      churned: rand() < risk ? "yes" : "no",
    });
  }
  return rows;
}

export function salesRows() {
  const rows: Record<string, string | number>[] = [];
  const regions = ["East", "West", "Central", "South"];
  const categories = ["Furniture", "Technology", "Office Supplies"];
  for (let i = 0; i < 240; i++) {
    rows.push({
      order_date: `${2015 + (i % 4)}-${String(1 + (i % 12)).padStart(2, "0")}-15`,
      region: regions[i % 4],
      category: categories[i % 3],
      sales: 100 + ((i * 37) % 500),
      profit: ((i * 13) % 120) - 30,
    });
  }
  return rows;
}
