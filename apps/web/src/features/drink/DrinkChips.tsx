import { drinkChips, type Drink } from '@siplog/contracts';
import './drink.css';

/** How the drink was taken, as small chips ('Iced', 'Oat milk', 'Cortado', '50% sweet', 'Tapioca pearls'). */
export function DrinkChips({ drink, className }: { drink: Drink | null; className?: string }) {
  if (!drink) return null;
  return (
    <ul className={`drink-chips${className ? ` ${className}` : ''}`} aria-label="Drink details">
      {drinkChips(drink).map((chip) => (
        <li key={chip} className="drink-chip">
          {chip}
        </li>
      ))}
    </ul>
  );
}
