import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { LANGUAGES, type LanguageCode } from '../i18n/languages';

interface LanguageMenuProps {
  id: string;
  /** the language button while the menu is open, null while it is closed */
  anchor: HTMLElement | null;
  /** the interface's language, marked as selected */
  current: LanguageCode;
  onChoose: (code: LanguageCode) => void;
  onClose: () => void;
}

/** The menu of the language selector: each language with its flag, in its own name. */
export function LanguageMenu({ id, anchor, current, onChoose, onClose }: LanguageMenuProps) {
  return (
    <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {LANGUAGES.map((language) => (
        <MenuItem key={language.code} selected={language.code === current} onClick={() => onChoose(language.code)}>
          <ListItemIcon aria-hidden="true" sx={{ fontSize: '1.25rem' }}>
            {language.flag}
          </ListItemIcon>
          <ListItemText lang={language.locale}>{language.name}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
