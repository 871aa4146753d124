import Box from '@mui/material/Box';

/**
 * The slot props that put a colour picker at the start of a hex-colour text field: the
 * picker and the text edit the same value (the picker shows white while the text is not a
 * colour yet), and the picker writes capitals like the product stores.
 */
export function colourPickerSlot(label: string, value: string, onChange: (hex: string) => void) {
  return {
    input: {
      startAdornment: (
        <Box
          component="input"
          type="color"
          aria-label={label}
          value={/^#[0-9A-Fa-f]{6}$/.test(value) ? value : '#FFFFFF'}
          onChange={(e: { target: { value: string } }) => onChange(e.target.value.toUpperCase())}
          sx={{ width: 28, height: 28, p: 0, mr: 1, border: 0, bgcolor: 'transparent', cursor: 'pointer' }}
        />
      ),
    },
  };
}
