// Structured one-line JSON logs on stdout/stderr: easy to grep, easy to ship.
type Fields = Record<string, unknown>;

function write(level: "info" | "warn" | "error", message: string, fields?: Fields) {
  const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...fields });
  if (level === "error") console.error(line);
  else console.log(line);
}

export const logger = {
  info: (message: string, fields?: Fields) => write("info", message, fields),
  warn: (message: string, fields?: Fields) => write("warn", message, fields),
  error: (message: string, fields?: Fields) => write("error", message, fields),
};
