// What goes into server logs: never a whole request value longer than 200 characters. Error
// messages can quote request values (a field name, a database driver echoing its query arguments),
// so every line of a logged error is cut at LOG_LINE_MAX characters and the whole at LOG_TEXT_MAX.
export const LOG_LINE_MAX = 200;
export const LOG_TEXT_MAX = 4_000;

/** One value for a log line: at most `max` characters, with how much was cut. */
export function clipForLog(text: string, max = LOG_LINE_MAX): string {
  const oneLine = text.replace(/[\r\n]+/g, " ");
  return oneLine.length > max ? `${oneLine.slice(0, max)}... (${oneLine.length - max} more characters)` : oneLine;
}

/** An error (message and stack) for the log, each line clipped. */
export function describeErrorForLog(error: unknown): string {
  const text = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  const lines = text
    .split("\n")
    .map((line) => (line.length > LOG_LINE_MAX ? `${line.slice(0, LOG_LINE_MAX)}... (${line.length - LOG_LINE_MAX} more characters)` : line));
  const joined = lines.join("\n");
  return joined.length > LOG_TEXT_MAX ? `${joined.slice(0, LOG_TEXT_MAX)}\n... (${joined.length - LOG_TEXT_MAX} more characters)` : joined;
}
