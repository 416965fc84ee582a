// Deterministic, realistic-looking demo contacts. Phone numbers use the
// 555-01xx range reserved for fiction, so the demo never rings a real person.

const FIRST = [
  "Olivia",
  "Liam",
  "Emma",
  "Noah",
  "Amelia",
  "Oliver",
  "Sophia",
  "Elijah",
  "Mia",
  "Lucas",
  "Harper",
  "Mateo",
  "Evelyn",
  "Levi",
  "Aria",
  "Ethan",
  "Chloe",
  "Kenji",
  "Priya",
  "Omar",
  "Fatima",
  "Diego",
  "Ingrid",
  "Wei",
  "Zoë",
  "José",
  "Aisha",
  "Hannah",
  "Mohammed",
  "Yuki",
];
const LAST = [
  "Smith",
  "Johnson",
  "Garcia",
  "Brown",
  "Nguyen",
  "Patel",
  "Kim",
  "Müller",
  "Rossi",
  "Tanaka",
  "Okafor",
  "Silva",
  "Cohen",
  "Novak",
  "O'Brien",
  "Larsen",
  "Dubois",
  "Haddad",
  "Kowalski",
  "Chen",
  "Andersson",
  "Moreau",
  "Ivanova",
  "Reyes",
  "Fischer",
];
const COMPANIES = [
  "Initech",
  "Umbrella Corp",
  "Hooli",
  "Stark Industries",
  "Wayne Enterprises",
  "Vandelay Industries",
  "Soylent",
  "Cyberdyne",
  "Tyrell Corp",
  "Wonka Industries",
  "Pied Piper",
  "Aperture Science",
  null,
  null,
];
const AREA_CODES = ["212", "312", "415", "617", "206", "305", "512", "702", "303", "404"];
const NOTES = [
  "Prefers a call in the morning.",
  "Asked for a quote on the annual plan.",
  "Renewal due next quarter; interested in an upgrade.",
  "Call back after the trade show.",
  "Decision maker is the CFO.",
  "Had a billing question, resolved.",
  null,
  null,
];

export function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)];
}

/** "Müller" → "muller", "O'Brien" → "obrien": accents dropped, not the letters under them. */
function asciiLetters(name: string): string {
  return name
    .toLowerCase()
    .normalize("NFD")
    .replace(/[^a-z]/g, "");
}

export function fakePerson(index: number, random: () => number) {
  const first = pick(random, FIRST);
  const last = pick(random, LAST);
  const area = AREA_CODES[Math.floor(index / 100) % AREA_CODES.length];
  const line = String(100 + (index % 100)).padStart(4, "0");
  const domain = `${asciiLetters(last) || "mail"}.example.com`;
  return {
    name: `${first} ${last}`,
    phone: `+1${area}555${line}`,
    email: random() < 0.85 ? `${asciiLetters(first)}.${index}@${domain}` : null,
    company: pick(random, COMPANIES),
    notes: pick(random, NOTES),
  };
}
