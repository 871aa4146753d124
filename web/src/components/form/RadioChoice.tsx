import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';

export interface RadioChoiceProps<T extends string> {
  legend: string;
  /** the sentence under the choices; the group is described by it */
  help: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  /** called with one of the options' values only */
  onChange: (value: T) => void;
}

/** One setting chosen among a few values: a fieldset with its legend, a radio per value and a help sentence. */
export function RadioChoice<T extends string>({ legend, help, value, options, onChange }: RadioChoiceProps<T>) {
  const helpId = `${useId()}-help`;
  const pick = (chosen: string) => {
    const option = options.find((o) => o.value === chosen);
    if (option) onChange(option.value);
  };
  return (
    <FormControl component="fieldset" margin="normal" aria-describedby={helpId}>
      <FormLabel component="legend">{legend}</FormLabel>
      <RadioGroup value={value} onChange={(_e, chosen) => pick(chosen)}>
        {options.map((o) => (
          <FormControlLabel key={o.value} value={o.value} control={<Radio />} label={o.label} />
        ))}
      </RadioGroup>
      <FormHelperText id={helpId} sx={{ mx: 0 }}>
        {help}
      </FormHelperText>
    </FormControl>
  );
}
