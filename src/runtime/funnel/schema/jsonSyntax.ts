/**
 * "at position 45" in a JSON.parse message, as a line and column a person can find: how
 * funnels:check, the dev server and the funnel studio word a file that is not JSON.
 */
export function describeJsonError(text: string, error: Error): string {
  const match = /at position (\d+)/.exec(error.message);
  const position = match ? Number(match[1]) : text.length;
  const before = text.slice(0, position).split('\n');
  const where = `line ${before.length}, column ${before[before.length - 1]!.length + 1}`;
  const reason = error.message
    .replace(/\s*\(line \d+ column \d+\)/, '')
    .replace(/ in JSON at position \d+/, '');
  return `not valid JSON at ${where}: ${reason}`;
}
