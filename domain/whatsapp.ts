/** A WhatsApp chat link with a prefilled text (the pages' chat button, the order e-mails). */
export function whatsappHref(number: string, text: string): string {
  return `https://wa.me/${number.replace(/\D/g, "")}?text=${encodeURIComponent(text)}`;
}
