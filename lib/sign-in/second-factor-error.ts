// next-auth's credentials sign-in returns nothing but an error string from
// authorize to the page; a sign-in that needs its second factor sends the
// challenge that way: "second_factor:" and the 401's second_factor object,
// base64url JSON. Read by the sign-in form, written by next-auth-options.ts.

export interface SecondFactorStep {
  challenge: string;
  setup_required: boolean;
  methods: string[];
  expires_at: string;
}

const PREFIX = "second_factor:";

export const SECOND_FACTOR_ERROR = {
  encode: (step: unknown) => PREFIX + Buffer.from(JSON.stringify(step)).toString("base64url"),
  decode(error: string | null | undefined): SecondFactorStep | null {
    if (!error?.startsWith(PREFIX)) return null;
    try {
      const text = atob(error.slice(PREFIX.length).replace(/-/g, "+").replace(/_/g, "/"));
      return JSON.parse(new TextDecoder().decode(Uint8Array.from(text, (c) => c.charCodeAt(0))));
    } catch {
      return null;
    }
  },
};
