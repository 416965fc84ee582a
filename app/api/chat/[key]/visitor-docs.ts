import { prose } from "@/lib/routes/prose";

// What every route a website visitor calls says of how it is reached, for their docs.ts.

const ORIGIN_RULE = prose`It answers only the sites the widget allows (the browser's Origin; another site, or none: 403), with their
  own Access-Control-Allow-Origin; the visitor's token goes in X-Visitor-Token.`;

export const VISITOR_AUTH = `No user authentication: the visitor's token. ${ORIGIN_RULE}`;

/** An EventSource sends no headers of its own: the stream takes the token in its address. */
export const VISITOR_STREAM_AUTH = `No user authentication: the visitor's token as ?token= (an EventSource sends no headers of its own). ${ORIGIN_RULE}`;

export const VISITOR_REFUSALS = {
  "401": "No visitor token, or not a visitor of this widget",
  "403": "Not one of the widget's sites",
  "404": "No such widget",
};
