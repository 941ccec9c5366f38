import "server-only";
import type { ZxcvbnFactory } from "@zxcvbn-ts/core";

// Whether a new password is too easy to guess (issue 54): @zxcvbn-ts/core with its common and
// English dictionaries, offline. Its breached-password matcher (@zxcvbn-ts/matcher-pwned) would
// send a hash prefix of every new password to a remote service: it is not installed. The
// estimator and its dictionaries (a few MB) load on the first password set, not at start-up.

/**
 * zxcvbn's score 3: at least 10^8 guesses. Sign-in lets an account's password be tried at most
 * 100 times a day (lib/server/sign-in-throttle.ts), so this is millions of days online; a higher
 * bar would refuse passphrases people can remember
 * (docs/decisions/0110-new-passwords-are-estimated-offline.md).
 */
const MIN_SCORE = 3;
/** What the estimator reads: it is quadratic in the length, and the first 100 characters say enough. */
const ESTIMATED_LENGTH = 100;

let estimator: Promise<ZxcvbnFactory> | undefined;

function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, en] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("@zxcvbn-ts/language-common"),
      import("@zxcvbn-ts/language-en"),
    ]);
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...en.dictionary },
      graphs: common.adjacencyGraphs,
      translations: en.translations,
    });
  })();
  return estimator;
}

/** The parts of an account someone who knows its owner would try first: the email, its pieces, the name's words. */
function personalWords({ email, name }: { email: string; name: string }): string[] {
  const pieces = [email, ...email.split(/[@.+_-]/), ...name.split(/\s+/)];
  return [...new Set(pieces.map((piece) => piece.trim().toLowerCase()).filter((piece) => piece.length >= 3))];
}

/** Why a password is refused, in plain words, or null when it is hard enough to guess. */
export async function passwordWeakness(password: string, account: { email: string; name: string }): Promise<string | null> {
  const zxcvbn = await loadEstimator();
  const result = zxcvbn.check(password.slice(0, ESTIMATED_LENGTH), personalWords(account));
  const personal = result.sequence.some((match) => match.pattern === "dictionary" && match.dictionaryName === "userInputs");
  if (personal)
    return "That password is built from the account's email or name, which anyone who knows the person would try first. Choose one that has nothing to do with them.";
  if (result.score >= MIN_SCORE) return null;
  const why = result.feedback.warning ? ` (${result.feedback.warning.replace(/\.$/, "").toLowerCase()})` : "";
  return `That password is too easy to guess${why}. Use three or four unrelated words, or a password manager's random one.`;
}
