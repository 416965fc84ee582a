// SCIM answers its own error shape (RFC 7644 §3.12), which provisioning
// clients read: { schemas: [Error], status: "409", scimType, detail }.

export type ScimType = "invalidFilter" | "uniqueness" | "mutability" | "invalidSyntax" | "invalidPath" | "noTarget" | "invalidValue" | "tooMany";

export const SCIM_ERROR_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:Error";

export class ScimFailure extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: ScimType,
  ) {
    super(detail);
    this.name = "ScimFailure";
  }

  body() {
    return { schemas: [SCIM_ERROR_SCHEMA], status: String(this.status), ...(this.scimType && { scimType: this.scimType }), detail: this.detail };
  }
}
