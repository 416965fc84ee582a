import "server-only";
import type { ServerResponse } from "node:http";

// Where an event stream's bytes go. Behind our own server (scripts/server.mjs)
// the stream is written straight to Node's response: an idle stream then costs
// its socket and a few closures, where a route handler's web stream costs
// Next.js's whole request machinery held open for hours (~75 KB a stream) and
// a promise chain per write. Under a bare `next dev` or `next start` the route
// answers a web ReadableStream, as any route does. Either way the stream's
// rules are the same (lib/events/event-stream.ts).

export interface StreamTransport {
  /** Sends bytes; a reader a megabyte behind is dropped (its browser reconnects and resumes). */
  write(bytes: Uint8Array): void;
  end(): void;
  /** What the route answers. */
  response: Response;
}

const MAX_BUFFERED_BYTES = 1024 * 1024;
const NODE_RESPONSE = Symbol.for("contact-center.node-response");
const HANDED_OFF = Symbol.for("contact-center.handed-off");

export const STREAM_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-store, no-transform",
  Connection: "keep-alive",
  "X-Accel-Buffering": "no",
};

/** Our server hands a stream request's Node response along with it (lib/server/front-door.ts). */
export function attachNodeResponse(request: Request, response: ServerResponse): void {
  (request as Request & { [NODE_RESPONSE]?: ServerResponse })[NODE_RESPONSE] = response;
}

/** The route's answer when it has written the stream to the Node response itself. */
export function isHandedOff(response: Response): boolean {
  return (response as Response & { [HANDED_OFF]?: true })[HANDED_OFF] === true;
}

export function openTransport(request: Request, onClose: () => void): StreamTransport {
  const node = (request as Request & { [NODE_RESPONSE]?: ServerResponse })[NODE_RESPONSE];
  return node ? nodeTransport(node, onClose) : webTransport(request, onClose);
}

function nodeTransport(response: ServerResponse, onClose: () => void): StreamTransport {
  // The body of an event stream ends only with its connection, so it needs no
  // chunked encoding: its bytes go to the socket as they are, one write of
  // bytes framed once for every stream (a chunked response's write is a chunk
  // header, three buffers and a deferred flush, per stream, per burst).
  response.useChunkedEncodingByDefault = false;
  response.shouldKeepAlive = false;
  response.writeHead(200, { ...STREAM_HEADERS, Connection: "close" });
  response.flushHeaders();
  response.on("close", onClose);
  const socket = response.socket;
  const handedOff = Object.assign(new Response(null, { status: 200 }), { [HANDED_OFF]: true as const });
  return {
    write(bytes) {
      if (!socket || socket.destroyed) return;
      // write() buffers what the socket cannot take yet: past a megabyte, let the reader go.
      if (!socket.write(bytes) && socket.writableLength > MAX_BUFFERED_BYTES) socket.destroy();
    },
    end: () => response.end(),
    response: handedOff,
  };
}

function webTransport(request: Request, onClose: () => void): StreamTransport {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    try {
      controller.close();
    } catch {
      // already closed by the client
    }
    onClose();
  };
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c), cancel: end }, { highWaterMark: MAX_BUFFERED_BYTES, size: (chunk) => chunk.byteLength });
  request.signal.addEventListener("abort", end);
  return {
    write(bytes) {
      if (ended) return;
      try {
        controller.enqueue(bytes);
        if ((controller.desiredSize ?? 0) < -MAX_BUFFERED_BYTES) end();
      } catch {
        end();
      }
    },
    end,
    response: new Response(body, { headers: STREAM_HEADERS }),
  };
}
