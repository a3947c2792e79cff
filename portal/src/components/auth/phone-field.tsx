import { useId } from 'react';
import { CountrySelect } from '../country-select';
import { Input } from '../ui/input';

interface PhoneFieldProps {
  label: string;
  country: string;
  onCountryChange: (code: string) => void;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  placeholder?: string;
  autoComplete?: string;
  /** Login accepts a username too, so the keyboard must not be numeric there. */
  inputMode?: 'tel' | 'text';
  name?: string;
}

export function PhoneField({ label, country, onCountryChange, value, onChange, error, placeholder, autoComplete = 'tel-national', inputMode = 'tel', name }: PhoneFieldProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <div className="flex gap-2">
        <CountrySelect value={country} onChange={onCountryChange} />
        <Input
          id={id}
          name={name}
          type={inputMode === 'tel' ? 'tel' : 'text'}
          inputMode={inputMode}
          autoComplete={autoComplete}
          placeholder={placeholder}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
