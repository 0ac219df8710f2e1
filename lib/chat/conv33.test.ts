// chat-conv33: what a follow-up carries from earlier turns (lib/chat/testing/probe49, made-up tables from a seeded
// generator), each fixed by its general cause and tested here with other wordings than the probe's. Expected
// numbers come from the CSV rows with plain loops, never from the engine.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { askTurns, tableOf } from "./testing/ask";
import { readCsvTableAndRows } from "./testing/load-csv";

const dir = path.join(__dirname, "testing", "probe49");
const read = (file: string) => readCsvTableAndRows(path.join(dir, file));
const sales = read("sales_invoices.csv");
const tickets = read("support_tickets.csv");
const staff = read("staff_roster.csv");

const firstNumber = (row: Record<string, unknown> | undefined) => Object.values(row ?? {}).find((v) => typeof v === "number");
const money = (v: unknown) => Number(String(v).replace(/[$,]/g, ""));
const said = (reply: Awaited<ReturnType<typeof askTurns>>) => [reply.messages[0].content, ...(reply.assumptions ?? [])].join(" ");

describe("a turn after a turn not understood does not take that turn's words", () => {
  it("'total bonus by office' (no bonus field) then 'average salary for women': Office neither in the answer nor its alternative", async () => {
    const reply = await askTurns(staff.table, "average performance", "total bonus by office", "average salary for women");
    expect(reply.plan?.groupBy).toEqual([]);
    expect(said(reply)).not.toMatch(/by Office/);
  });
});

describe("a new question naming its own measure and condition, no grouping, is one number", () => {
  it("'sum of revenue for the North region' after a top 3 by category", async () => {
    const reply = await askTurns(sales.table, "top 3 categories by total revenue", "sum of revenue for the North region");
    const want = sales.rows.filter((r) => r.Region === "North").reduce((s, r) => s + money(r.Revenue), 0);
    expect(reply.plan?.groupBy).toEqual([]);
    expect(reply.plan?.limit).toBeNull();
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(want, 1);
  });
  it("'what percent of tickets are urgent?' after a count by team is the share over all tickets", async () => {
    const reply = await askTurns(tickets.table, "number of tickets by team", "what percent of tickets are urgent?");
    const want = (100 * tickets.rows.filter((r) => r.Priority === "Urgent").length) / tickets.rows.length;
    expect(reply.plan?.groupBy).toEqual([]);
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(want, 1);
  });
  it("'how many employees are in Marketing?' after a count by office counts Marketing once", async () => {
    const reply = await askTurns(staff.table, "number of employees by office", "how many employees are in Marketing?");
    expect(reply.plan?.groupBy).toEqual([]);
    expect(firstNumber(tableOf(reply)[0])).toBe(staff.rows.filter((r) => r.Department === "Marketing").length);
  });
});

describe("a count with conditions of its own after a grouped rate is one number", () => {
  it("'how many tickets came from Canada?' after 'which team has the highest escalation rate?'", async () => {
    const reply = await askTurns(tickets.table, "which team has the highest escalation rate?", "how many tickets came from Canada?");
    expect(reply.plan?.groupBy).toEqual([]);
    expect(firstNumber(tableOf(reply)[0])).toBe(tickets.rows.filter((r) => r.Country === "Canada").length);
  });
});

describe("a rate is never split by the field it counts", () => {
  it("'what share of tickets were escalated?' after 'how many tickets were escalated?' is one share, not 100% and 0%", async () => {
    const reply = await askTurns(tickets.table, "how many tickets were escalated?", "what share of tickets were escalated?");
    const want = (100 * tickets.rows.filter((r) => r.Escalated === "Yes").length) / tickets.rows.length;
    expect(reply.plan?.groupBy).toEqual([]);
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(want, 1);
  });
});

describe("the other reading named is never a grouping kept to one of its values", () => {
  it("'average salary by office as a pie' after '... in Berlin?' does not offer Office groups for Berlin only", async () => {
    const reply = await askTurns(staff.table, "average salary by department", "and in Berlin?", "average salary by office as a pie");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Office"]);
    expect(said(reply)).not.toMatch(/by Office, for rows where Office is "Berlin"/);
  });
});
