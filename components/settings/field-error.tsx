export function FieldError({ message }: { message?: string }) {
  return message ? <span className="error">{message}</span> : null;
}
