/** Dispatched on window when the user signs out: the event stream closes for good before the token ends. */
export const SIGNING_OUT = "contact-center:signing-out";
