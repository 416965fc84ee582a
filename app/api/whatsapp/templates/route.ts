import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { whatsappTemplatesAnswer } from "@/lib/messages/whatsapp/whatsapp-schemas";
import { listWhatsappTemplates } from "@/lib/messages/whatsapp-templates";

export const GET = route({ permission: "messages.read", answers: whatsappTemplatesAnswer }, ({ user }) => listWhatsappTemplates({ actor: user }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
