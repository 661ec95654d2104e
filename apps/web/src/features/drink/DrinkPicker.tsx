import { useId } from 'react';
import {
  DRINK_GROUP_LABELS,
  DRINK_GROUP_NAMES,
  DRINK_GROUPS,
  DRINK_KIND_LABELS,
  DRINK_MILK_LABELS,
  DRINK_MILKS,
  DRINK_SWEETNESS,
  DRINK_TEMPERATURE_LABELS,
  DRINK_TEMPERATURES,
  DRINK_TOPPING_LABELS,
  DRINK_TOPPINGS,
  type Drink,
  type DrinkKind,
} from '@siplog/contracts';
import { toggleTopping, withKind } from './drink-draft';
import './drink.css';

interface ChoiceGroupProps<T extends string | number> {
  label: string;
  options: readonly T[];
  labelOf: (option: T) => string;
  isOn: (option: T) => boolean;
  onTap: (option: T) => void;
}

/** Toggle chips: a chosen one tapped again is unchosen, so every detail stays optional. */
function ChoiceGroup<T extends string | number>({ label, options, labelOf, isOn, onTap }: ChoiceGroupProps<T>) {
  const labelId = useId();
  return (
    <div className="drink-picker__group">
      <span id={labelId} className="drink-picker__group-label">
        {label}
      </span>
      <div className="drink-picker__choices" role="group" aria-labelledby={labelId}>
        {options.map((option) => (
          <button key={option} type="button" className="chip-button" aria-pressed={isOn(option)} onClick={() => onTap(option)}>
            {labelOf(option)}
          </button>
        ))}
      </div>
    </div>
  );
}

/**
 * Optional drink details beside the free-text order (issue 19): the drink from contracts' grouped list, then hot or
 * iced, milk, sweetness and toppings once a drink is chosen.
 */
export function DrinkPicker({ value, onChange, idPrefix }: { value: Drink | null; onChange: (drink: Drink | null) => void; idPrefix?: string }) {
  const ownId = useId();
  const selectId = `${idPrefix ?? ownId}-drink`;
  const set = (change: Partial<Drink>) => value && onChange({ ...value, ...change });
  return (
    <div className="drink-picker">
      <label htmlFor={selectId} className="drink-picker__label">
        Drink <span className="drink-picker__hint">optional</span>
      </label>
      <select id={selectId} value={value?.kind ?? ''} onChange={(event) => onChange(withKind(value, event.target.value as DrinkKind | ''))}>
        <option value="">Choose a drink</option>
        {DRINK_GROUP_NAMES.map((group) => (
          <optgroup key={group} label={DRINK_GROUP_LABELS[group]}>
            {DRINK_GROUPS[group].map((kind) => (
              <option key={kind} value={kind}>
                {DRINK_KIND_LABELS[kind]}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {value && (
        <div className="drink-picker__details">
          <ChoiceGroup
            label="Temperature"
            options={DRINK_TEMPERATURES}
            labelOf={(option) => DRINK_TEMPERATURE_LABELS[option]}
            isOn={(option) => value.temperature === option}
            onTap={(option) => set({ temperature: value.temperature === option ? null : option })}
          />
          <ChoiceGroup
            label="Milk"
            options={DRINK_MILKS}
            labelOf={(option) => DRINK_MILK_LABELS[option]}
            isOn={(option) => value.milk === option}
            onTap={(option) => set({ milk: value.milk === option ? null : option })}
          />
          <ChoiceGroup
            label="Sweetness"
            options={DRINK_SWEETNESS}
            labelOf={(option) => `${option}%`}
            isOn={(option) => value.sweetness === option}
            onTap={(option) => set({ sweetness: value.sweetness === option ? null : option })}
          />
          <ChoiceGroup
            label="Toppings"
            options={DRINK_TOPPINGS}
            labelOf={(option) => DRINK_TOPPING_LABELS[option]}
            isOn={(option) => value.toppings.includes(option)}
            onTap={(option) => set({ toppings: toggleTopping(value.toppings, option) })}
          />
        </div>
      )}
    </div>
  );
}
