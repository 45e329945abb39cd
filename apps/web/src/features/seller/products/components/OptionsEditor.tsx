import { useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { VARIANT_LIMITS } from '@cratebase/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { addValuesProblem, newOptionKey, splitValues, type OptionRow } from '../variants-form';

export interface OptionsEditorProps {
  options: OptionRow[];
  onChange: (options: OptionRow[]) => void;
  /** Problems by path ("options.0.name", "options.1.values.2"). */
  issues: Partial<Record<string, string>>;
  disabled?: boolean;
}

const NAME_HINTS = ['Size', 'Colour', 'Scent'];

/** The options of a product (up to 3), each with its values as chips: typed with Enter, or pasted as "S, M, L". */
export function OptionsEditor({ options, onChange, issues, disabled }: OptionsEditorProps) {
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const update = (index: number, next: Partial<OptionRow>) =>
    onChange(options.map((o, i) => (i === index ? { ...o, ...next } : o)));

  function addOption() {
    const key = newOptionKey();
    setFocusKey(key);
    onChange([...options, { key, name: '', values: [] }]);
  }

  return (
    <Stack spacing={2}>
      {options.map((option, i) => (
        <OptionEditor
          key={option.key}
          index={i}
          options={options}
          autoFocus={focusKey === option.key}
          issues={issues}
          disabled={disabled}
          onRename={(name) => update(i, { name })}
          onValues={(values) => update(i, { values })}
          onRemove={() => onChange(options.filter((_, j) => j !== i))}
        />
      ))}
      {options.length < VARIANT_LIMITS.options && (
        <Box>
          <Button variant="outlined" startIcon={<AddIcon />} onClick={addOption} disabled={disabled}>
            {options.length === 0 ? 'Add options like size or colour' : 'Add another option'}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

interface OptionEditorProps {
  index: number;
  options: OptionRow[];
  autoFocus: boolean;
  issues: Partial<Record<string, string>>;
  disabled?: boolean;
  onRename: (name: string) => void;
  onValues: (values: string[]) => void;
  onRemove: () => void;
}

function OptionEditor({
  index,
  options,
  autoFocus,
  issues,
  disabled,
  onRename,
  onValues,
  onRemove,
}: OptionEditorProps) {
  const option = options[index]!;
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const name = option.name.trim() || `option ${index + 1}`;
  const valueIssues = option.values.flatMap((v, j) => {
    const issue = issues[`options.${index}.values.${j}`];
    return issue ? [issue] : [];
  });
  const valuesIssue = problem ?? valueIssues[0] ?? issues[`options.${index}.values`];

  /** Adds the values typed or pasted; false (and says why) when they cannot be added. */
  function add(raw: string): boolean {
    const values = splitValues(raw);
    if (values.length === 0) return true;
    const why = addValuesProblem(options, index, values);
    setProblem(why);
    if (why) return false;
    onValues([...option.values, ...values]);
    setText('');
    return true;
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      // Enter adds the value; it must not submit the product form.
      event.preventDefault();
      add(text);
    } else if (event.key === 'Backspace' && text === '' && option.values.length > 0) {
      onValues(option.values.slice(0, -1));
    }
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    const pasted = event.clipboardData.getData('text');
    if (!/[,\n\t]/.test(pasted)) return;
    event.preventDefault();
    add(text + pasted);
  }

  function move(from: number, to: number) {
    const values = [...option.values];
    const [value] = values.splice(from, 1);
    values.splice(to, 0, value!);
    onValues(values);
  }

  return (
    <Box
      role="group"
      aria-label={`Option ${index + 1}`}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 3, p: { xs: 1.5, sm: 2 } }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label="Option name"
          size="small"
          value={option.name}
          autoFocus={autoFocus}
          placeholder={NAME_HINTS[index]}
          disabled={disabled}
          onChange={(event) => onRename(event.target.value)}
          error={Boolean(issues[`options.${index}.name`])}
          helperText={issues[`options.${index}.name`] ?? ' '}
          slotProps={{ htmlInput: { maxLength: VARIANT_LIMITS.optionName, autoComplete: 'off' } }}
          sx={{ flexGrow: 1, maxWidth: 320 }}
        />
        <Box sx={{ flexGrow: 1 }} />
        <IconButton aria-label={`Remove option ${name}`} onClick={onRemove} disabled={disabled}>
          <DeleteOutlineIcon />
        </IconButton>
      </Stack>

      {option.values.length > 0 && (
        <Box
          component="ul"
          aria-label={`${name} values, in order`}
          sx={{ listStyle: 'none', p: 0, m: 0, mb: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1 }}
        >
          {option.values.map((value, j) => (
            <Box component="li" key={value}>
              <Stack
                direction="row"
                sx={{
                  alignItems: 'center',
                  height: 34,
                  pl: option.values.length > 1 ? 0.25 : 1.25,
                  pr: 0.25,
                  border: 1,
                  borderRadius: 999,
                  borderColor: issues[`options.${index}.values.${j}`] ? 'error.main' : 'divider',
                  color: issues[`options.${index}.values.${j}`] ? 'error.main' : 'text.primary',
                  bgcolor: 'background.paper',
                }}
              >
                {option.values.length > 1 && (
                  <IconButton
                    size="small"
                    aria-label={`Move ${value} earlier`}
                    disabled={disabled || j === 0}
                    onClick={() => move(j, j - 1)}
                    sx={{ p: 0.25 }}
                  >
                    <ChevronLeftIcon fontSize="small" />
                  </IconButton>
                )}
                <Typography component="span" variant="body2" sx={{ px: 0.5, color: 'inherit', fontWeight: 500 }}>
                  {value}
                </Typography>
                {option.values.length > 1 && (
                  <IconButton
                    size="small"
                    aria-label={`Move ${value} later`}
                    disabled={disabled || j === option.values.length - 1}
                    onClick={() => move(j, j + 1)}
                    sx={{ p: 0.25 }}
                  >
                    <ChevronRightIcon fontSize="small" />
                  </IconButton>
                )}
                <IconButton
                  size="small"
                  aria-label={`Remove ${value}`}
                  disabled={disabled}
                  onClick={() => onValues(option.values.filter((_, k) => k !== j))}
                  sx={{ p: 0.25 }}
                >
                  <CloseIcon sx={{ fontSize: 16 }} />
                </IconButton>
              </Stack>
            </Box>
          ))}
        </Box>
      )}

      <TextField
        label={`Values of ${name}`}
        size="small"
        fullWidth
        value={text}
        disabled={disabled}
        placeholder={option.values.length === 0 ? 'Type a value and press Enter, or paste “S, M, L”' : 'Add a value'}
        onChange={(event) => {
          setText(event.target.value);
          if (problem) setProblem(null);
        }}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onBlur={() => {
          if (text.trim()) add(text);
        }}
        error={Boolean(valuesIssue)}
        helperText={valuesIssue ?? 'Press Enter after each value; commas separate several.'}
        slotProps={{ htmlInput: { autoComplete: 'off' } }}
      />
    </Box>
  );
}
