import "server-only";
import { unstable_serialize } from "swr";

type GetHandler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

/**
 * The answers a page asks for first, read while the server renders it and
 * handed to the page's SWR cache under the keys its hooks use ([address,
 * token], lib/client/swr/use-api.ts): the lists are in the HTML, so a phone paints
 * them without waiting for the scripts and a round trip (issue 45, point 11:
 * the Queue and Contacts pages' largest paint waited 2.7 s for them), and the
 * hooks' first fetch changes nothing on the page. Each answer is the route's
 * own, asked in process with the page's token: the same rights, the same
 * JSON. An answer other than 200 is left out; the hook asks for it itself.
 */
export async function firstAnswers(token: string | undefined, asks: readonly (readonly [address: string, handler: GetHandler, params?: Record<string, string>])[]): Promise<Record<string, unknown>> {
  if (!token) return {};
  const answers = await Promise.all(
    asks.map(async ([address, handler, params = {}]) => {
      const request = new Request(new URL(address, "http://first-answer.invalid"), { headers: { authorization: `Bearer ${token}` } });
      const response = await handler(request, { params: Promise.resolve(params) }).catch(() => null);
      if (response?.status !== 200) return null;
      return [unstable_serialize([address, token]), await response.json()] as const;
    }),
  );
  return Object.fromEntries(answers.filter((answer) => answer !== null));
}
