// Where the pages and API clients play a recording: always an address of this
// service, which checks who asks and logs the play (issue 47). The provider's
// own address stays in the database and never reaches a browser.

export const callRecordingPath = (callSid: string) => `/api/calls/${callSid}/recording`;
export const voicemailRecordingPath = (voicemailId: number | bigint) => `/api/voicemails/${voicemailId}/recording`;
