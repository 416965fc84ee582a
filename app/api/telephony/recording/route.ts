import { attachQueueCallRecording } from "@/lib/calls/attach-recording";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { providerRoute } from "@/lib/telephony/provider-route";

export const POST = providerRoute(attachQueueCallRecording);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
