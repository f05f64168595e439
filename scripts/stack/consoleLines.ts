/**
 * Which lines of the local stack's output `npm start` shows. Every line goes to the stack
 * log file; the console gets our own progress lines and real problems only, so a newcomer
 * sees the banner and anything that needs them, not the emulators' chatter.
 */

/** Lines the tools print on every start on a machine like ours, that need nobody's action. */
const EXPECTED_NOISE: readonly RegExp[] = [
  // firebase-tools cannot fetch its message of the day without a network (it says so itself).
  /Unable to fetch the CLI MOTD/,
  // The Emulator UI is off in firebase.json on purpose (it needs a download).
  /Emulator UI is not starting/,
  // The gateway deploys on Node 22 (firebase.json); locally the emulator runs it on this
  // machine's Node, which the README states as the supported local version.
  /Your requested "node" version "\d+" doesn't match your global version/,
];

/** Lines that say something went wrong, in the forms our tools use. */
const PROBLEM = /(^|\W)(error|errors|failed|fatal|exception|unhandled|⚠|✖|warn(ing)?)(\W|$)/i;

/** Good news the watching gateway build gives after a problem it printed: a funnel works again. */
const RECOVERED = /^\[gateway-build\] ✔ /;

/**
 * True when `line` (as logged by startProcess: `[name] text`, or our own unprefixed text)
 * belongs on the console.
 */
export function isShownOnConsole(line: string): boolean {
  if (!line.startsWith('[')) return true;
  if (EXPECTED_NOISE.some((noise) => noise.test(line))) return false;
  return PROBLEM.test(line) || RECOVERED.test(line);
}
