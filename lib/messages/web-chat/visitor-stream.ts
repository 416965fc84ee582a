import "server-only";
import { prisma } from "@/lib/db/client";
import { eventBus, type StoredEvent, type Subscriber } from "@/lib/events/event-bus";
import { openTransport } from "@/lib/events/stream-transport";
import { visitorLines } from "./visitor-chat";

// The visitor's live answers: a server-sent event stream of their own
// conversation's lines (the browser's EventSource reconnects by itself and
// resumes after the last line it got, Last-Event-ID). The process's event bus
// says when the conversation moved; the lines are read from the database, so
// a reconnect, another server or a missed announcement lose nothing.

const encoder = new TextEncoder();

export async function openVisitorStream(request: Request, visitor: { id: bigint; organization_id: number; conversation_id: bigint | null }, lastId: bigint, headers: Headers): Promise<Response> {
  const bus = eventBus();
  await bus.start();
  let conversationId = visitor.conversation_id;
  let sent = lastId;
  let unsubscribe = () => {};
  const transport = openTransport(request, () => unsubscribe());
  // One read at a time, in order: a burst of events is one read of what is new.
  let chain: Promise<void> = Promise.resolve();
  const push = () => {
    chain = chain
      .then(async () => {
        conversationId ??= (await prisma.chatVisitor.findUnique({ where: { id: visitor.id }, select: { conversation_id: true } }))?.conversation_id ?? null;
        for (const line of await visitorLines(conversationId, sent)) {
          transport.write(encoder.encode(`id: ${line.id}\nevent: message\ndata: ${JSON.stringify(line)}\n\n`));
          sent = BigInt(line.id);
        }
      })
      .catch(() => undefined);
  };
  const subscriber: Subscriber = {
    // A visitor is no user: negative ids keep their streams apart from users' (and from each other's) in the bus's count.
    userId: -Number(visitor.id),
    tokenId: -Number(visitor.id),
    organizationId: visitor.organization_id,
    wants: (event: StoredEvent) =>
      (event.type === "message.received" || event.type === "message.status") &&
      event.organization_id === visitor.organization_id &&
      (conversationId === null ? event.data.channel === "web" : String(event.data.conversation_id) === String(conversationId)),
    deliver: push,
    heartbeat: () => transport.write(encoder.encode(": keep-alive\n\n")),
    close: () => transport.end(),
  };
  unsubscribe = bus.subscribe(subscriber);
  transport.write(encoder.encode("retry: 3000\n\n"));
  push();
  headers.forEach((value, key) => transport.response.headers.set(key, value));
  return transport.response;
}
