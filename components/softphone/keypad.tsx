const KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "*", "0", "#"];

export function Keypad({ onDigit, label = "Keypad" }: { onDigit: (digit: string) => void; label?: string }) {
  return (
    <div className="keypad" role="group" aria-label={label}>
      {KEYS.map((key) => (
        <button key={key} type="button" onClick={() => onDigit(key)} aria-label={`Key ${key}`}>
          {key}
        </button>
      ))}
    </div>
  );
}
