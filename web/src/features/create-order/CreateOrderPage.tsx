import CloudUpload from '@mui/icons-material/CloudUpload';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import PersonAddAlt from '@mui/icons-material/PersonAddAlt';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type DragEvent, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { isApiError } from '../../api/client';
import { ordersApi, UNIQUE_NAME_MESSAGE, type AccountOption, type SalesPersonOption, type StyleGuidePositions } from '../../api/orders';
import type { SalesPersonView } from '../../api/salesPeople';
import type { Me } from '../../api/types';
import { meets } from '../../app/access';
import { useMe } from '../../app/useSession';
import { FormField } from '../../components/FormField';
import { toast } from '../../components/toast/toast';
import { useOrderNameErrorText } from '../orders/useOrderNameErrorText';
import { AddSalesPersonDialog } from '../sales-people/AddSalesPersonDialog';
import { ADDS_SALES_PEOPLE } from '../sales-people/salesPersonRules';
import {
  ADD_DELAY_MS,
  FREE_FORM_MAX,
  missingPositions,
  nextFreePosition,
  overlayOf,
  roomFor,
  slotsOf,
  submitState,
  validateCreator,
  type CreatorErrors,
  type CreatorForm,
  type Slot,
} from './creatorLogic';
import { browserImageTools, prepareImage } from './preprocess';
import { newMemory, uploadOrder, type UploadItem } from './uploadOrder';

const SEARCH_DEBOUNCE_MS = 500;
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isImage = (file: File) => file.type.startsWith('image/') || /\.(jpe?g|png|webp|heic|heif|gif|bmp)$/i.test(file.name);

/** `/create-order`: needs CREATE_ORDERS (screens.ts), else /error/401. */
export function CreateOrderPage() {
  const { data: me } = useMe();
  if (!me) return null;
  return <OrderCreator me={me} />;
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function OrderCreator({ me }: { me: Me }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const nameErrorText = useOrderNameErrorText();
  const isAdmin = me.userRole === 'Admin';
  const salesPerson = me.loggedInSalesPersonInfo;
  // "Add sales person": not for a signed-in sales person; disabled while an admin acts for another account
  const mayAddSalesPerson = !salesPerson && meets(me, ADDS_SALES_PEOPLE);

  const [orderName, setOrderName] = useState('');
  const [account, setAccount] = useState<AccountOption | null>(null);
  const [salesMan, setSalesMan] = useState('');
  const [styleGuide, setStyleGuide] = useState('');
  const [images, setImages] = useState<UploadItem[]>([]);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [nameTaken, setNameTaken] = useState<string | undefined>();
  const [percent, setPercent] = useState(0);
  const [addingSalesPerson, setAddingSalesPerson] = useState(false);
  // photos still being prepared (added 100 ms apart): the order waits for them
  const [preparing, setPreparing] = useState(0);
  const keys = useRef(0);
  // clearing the images starts a new generation: photos still being prepared for the old one are dropped
  const generation = useRef(0);
  const memory = useRef(newMemory());

  const accountId = isAdmin ? (account?.id ?? '') : me.id;
  const form: CreatorForm = { orderName, accountId, salesMan, styleGuide };
  const errors = validateCreator(form, { salesPersonSignedIn: Boolean(salesPerson) });
  const touch = (name: string) => setTouched((s) => (s.has(name) ? s : new Set(s).add(name)));
  const shown = <K extends keyof CreatorErrors>(name: K): CreatorErrors[K] => (touched.has(name) ? errors[name] : undefined);

  const salesPeopleKey = ['salesmen', 'all', { accountId }] as const;
  const salesPeople = useQuery({
    queryKey: salesPeopleKey,
    queryFn: ({ signal }) => ordersApi.salesPeople(accountId, signal),
    enabled: Boolean(accountId),
  });
  const guides = useQuery({
    queryKey: ['style-guides', 'of-user', { accountId }],
    queryFn: ({ signal }) => ordersApi.styleGuides(accountId, signal),
    enabled: Boolean(accountId),
  });
  const guide = useQuery({
    queryKey: ['style-guides', 'get', { id: styleGuide }],
    queryFn: ({ signal }) => ordersApi.styleGuide(styleGuide, signal),
    enabled: Boolean(styleGuide),
  });
  const slots = useMemo(() => slotsOf(guide.data), [guide.data]);
  const positionsMode = slots.length > 0;
  const missing = positionsMode ? missingPositions(slots, images.map((i) => i.position)) : [];

  const clearImages = () => {
    generation.current += 1;
    memory.current = newMemory();
    setImages([]);
  };

  const submit = useMutation({
    mutationFn: () =>
      uploadOrder(
        {
          orderName: orderName.trim(),
          styleGuide,
          salesMan: salesPerson ? undefined : salesMan,
          userId: isAdmin ? accountId : undefined,
          deviceInformation: { platform: 'web', userAgent: navigator.userAgent.slice(0, 500) },
        },
        images,
        memory.current,
        setPercent,
      ),
    onSuccess: async () => {
      memory.current = newMemory();
      await queryClient.invalidateQueries({ queryKey: ['orders'] });
      navigate('/orders/success');
    },
    onError: (error) => {
      if (isApiError(error) && error.statusCode === 409) setNameTaken(error.message || UNIQUE_NAME_MESSAGE);
      toast.error(t('toast.actionError', { action: t('createOrder.submit'), message: error.message }));
    },
  });
  const state = submitState({ errors, imageCount: images.length, missing: missing.length, uploading: submit.isPending || preparing > 0 });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(new Set(['orderName', 'accountId', 'salesMan', 'styleGuide']));
    if (state.disabled || state.ignored) return;
    setPercent(0);
    submit.mutate();
  };

  /** Prepares photos one after the other (100 ms apart) and hands each to `put`. */
  const prepareEach = async (files: File[], put: (item: UploadItem) => void) => {
    const started = generation.current;
    setPreparing((n) => n + files.length);
    for (const [i, file] of files.entries()) {
      try {
        if (i > 0) await delay(ADD_DELAY_MS);
        if (generation.current !== started) continue;
        const prepared = await prepareImage(file, browserImageTools);
        if (generation.current === started) put({ key: `img-${(keys.current += 1)}`, position: 0, ...prepared });
      } catch (error) {
        toast.error(error instanceof Error ? error.message : String(error));
      } finally {
        setPreparing((n) => n - 1);
      }
    }
  };
  const addFreeForm = (files: File[]) => {
    const photos = files.filter(isImage);
    const room = roomFor(images.length, photos.length);
    if (room < photos.length) toast.warning(t('createOrder.tooMany', { max: FREE_FORM_MAX }));
    void prepareEach(photos.slice(0, room), (item) =>
      setImages((current) => (current.length >= FREE_FORM_MAX ? current : [...current, { ...item, position: nextFreePosition(current.map((c) => c.position)) }])),
    );
  };
  const putAt = (position: number, files: File[]) => {
    const photo = files.find(isImage);
    if (!photo) return;
    void prepareEach([photo], (item) => setImages((current) => [...current.filter((c) => c.position !== position), { ...item, position }]));
  };
  const removeImage = (key: string) => setImages((current) => current.filter((c) => c.key !== key));

  /** A sales person was added in the dialog: it joins the picker (then the list is read again) and becomes the order's. */
  const onSalesPersonAdded = (created: SalesPersonView[]) => {
    setAddingSalesPerson(false);
    const added = created[0];
    if (!added) return;
    queryClient.setQueryData<SalesPersonOption[]>(salesPeopleKey, (old = []) => [...old.filter((s) => s.id !== added.id), { id: added.id, name: added.name, email: added.email }]);
    void queryClient.invalidateQueries({ queryKey: ['salesmen'] });
    setSalesMan(added.id);
    touch('salesMan');
  };

  const salesPersonMissing = Boolean(salesPerson && salesPeople.data && !salesPeople.data.some((s) => s.id === salesPerson.id));

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
      <Typography variant="h1">{t('createOrder.title')}</Typography>
      <Paper variant="outlined" component="form" noValidate onSubmit={onSubmit} aria-label={t('createOrder.title')} sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 1 }}>
        <FormField
          label={t('fields.orderName')}
          required
          value={orderName}
          onChange={(e) => {
            setOrderName(e.target.value);
            setNameTaken(undefined);
            touch('orderName');
          }}
          onBlur={() => touch('orderName')}
          error={nameTaken ?? nameErrorText(shown('orderName'))}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        {isAdmin && (
          <AccountPicker
            value={account}
            error={shown('accountId') ? t('validation.required', { name: t('fields.dealership') }) : undefined}
            onChange={(next) => {
              setAccount(next);
              setSalesMan('');
              setStyleGuide('');
              clearImages();
              touch('accountId');
            }}
          />
        )}
        {salesPersonMissing && <Alert severity="warning">{t('createOrder.salesmanNone')}</Alert>}
        {!salesPerson && (
          <FormField
            select
            required
            label={t('fields.salesPerson')}
            value={salesMan}
            disabled={!accountId}
            onChange={(e) => {
              setSalesMan(e.target.value);
              touch('salesMan');
            }}
            onBlur={() => touch('salesMan')}
            error={shown('salesMan') ? t('validation.required', { name: t('fields.salesPerson') }) : undefined}
            helperText={salesPeople.data?.length === 0 ? t('createOrder.noSalesPeople') : undefined}
          >
            {(salesPeople.data ?? []).map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {s.name}
              </MenuItem>
            ))}
          </FormField>
        )}
        {mayAddSalesPerson && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Button
              size="small"
              startIcon={<PersonAddAlt />}
              disabled={isAdmin || !accountId}
              aria-describedby={isAdmin ? 'add-sales-person-unavailable' : undefined}
              onClick={() => setAddingSalesPerson(true)}
            >
              {t('salesPeople.add')}
            </Button>
            {isAdmin && (
              <Typography id="add-sales-person-unavailable" variant="caption" color="text.secondary">
                {t('salesPeople.addWhileActing')}
              </Typography>
            )}
          </Box>
        )}
        <FormField
          select
          required
          label={t('fields.styleGuide')}
          value={styleGuide}
          disabled={!accountId}
          onChange={(e) => {
            // picking a guide clears the images
            setStyleGuide(e.target.value);
            clearImages();
            touch('styleGuide');
          }}
          onBlur={() => touch('styleGuide')}
          error={shown('styleGuide') ? t('validation.required', { name: t('fields.styleGuide') }) : undefined}
          helperText={guides.data?.length === 0 ? t('createOrder.noStyleGuides') : undefined}
        >
          {(guides.data ?? []).map((g) => (
            <MenuItem key={g.id} value={g.id}>
              {g.name}
            </MenuItem>
          ))}
        </FormField>

        <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mt: 2 }}>
          <Typography variant="h2">{t('fields.images')}</Typography>
          <Typography variant="body2" color="text.secondary" data-testid="image-count">
            {positionsMode ? t('createOrder.positionsCount', { count: images.length, total: slots.length }) : t('createOrder.count', { count: images.length, max: FREE_FORM_MAX })}
          </Typography>
        </Box>
        {positionsMode ? (
          <PositionSlots guide={guide.data!} slots={slots} images={images} onFiles={putAt} onRemove={removeImage} />
        ) : (
          <FreeForm images={images} onFiles={addFreeForm} onRemove={removeImage} disabled={!styleGuide} />
        )}
        {positionsMode && missing.length > 0 && images.length > 0 && (
          <Typography variant="body2" color="warning.main">
            {t('createOrder.missingPositions', { positions: missing.join(', ') })}
          </Typography>
        )}

        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 2 }}>
          <Button component={RouterLink} to="/orders">
            {t('buttons.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={state.disabled}>
            {t('createOrder.submit')}
          </Button>
        </Box>
      </Paper>
      {addingSalesPerson && <AddSalesPersonDialog accountId={accountId} onClose={() => setAddingSalesPerson(false)} onAdded={onSalesPersonAdded} />}
      <Dialog open={submit.isPending} maxWidth="xs" fullWidth aria-labelledby="upload-progress-title">
        <DialogTitle id="upload-progress-title">{t('createOrder.uploading')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 1.5, pb: 3 }}>
          <LinearProgress variant="determinate" value={percent} aria-label={t('createOrder.uploading')} />
          <Typography sx={{ textAlign: 'center', fontWeight: 600 }} data-testid="upload-percent">
            {t('createOrder.percent', { percent })}
          </Typography>
        </DialogContent>
      </Dialog>
    </Container>
  );
}

/** Admin impersonation: the dealership or management account the order is created for. */
function AccountPicker({ value, onChange, error }: { value: AccountOption | null; onChange: (account: AccountOption | null) => void; error?: string }) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const search = useDebounced(input, SEARCH_DEBOUNCE_MS);
  const accounts = useQuery({
    queryKey: ['users', 'list', { userRole: ['Dealership', 'Management'], search }],
    queryFn: async ({ signal }) => {
      const [dealerships, management] = await Promise.all([ordersApi.accounts('Dealership', search, signal), ordersApi.accounts('Management', search, signal)]);
      return [...dealerships.items, ...management.items].sort((a, b) => a.displayName.localeCompare(b.displayName));
    },
  });
  return (
    <Autocomplete<AccountOption>
      value={value}
      onChange={(_e, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_e, next) => setInput(next)}
      options={accounts.data ?? []}
      loading={accounts.isFetching}
      filterOptions={(options) => options}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.displayName}
      renderOption={({ key, ...props }, o) => (
        <Box component="li" key={key} {...props} sx={{ display: 'grid !important', justifyItems: 'start' }}>
          <Typography variant="body2">{o.displayName}</Typography>
          <Typography variant="caption" color="text.secondary">
            {t(`roles.${o.userRole}`)} · {o.email}
          </Typography>
        </Box>
      )}
      noOptionsText={t('createOrder.noAccounts')}
      renderInput={(params) => (
        <TextField {...params} margin="normal" required label={t('fields.dealership')} error={Boolean(error)} helperText={error ?? t('createOrder.accountHelp')} />
      )}
    />
  );
}

/** A URL for a local file's preview (none where the browser has no object URLs). */
function useObjectUrl(file: File | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') return setUrl(undefined);
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

function Preview({ item, label, onRemove }: { item: UploadItem; label: string; onRemove: () => void }) {
  const { t } = useTranslation();
  const url = useObjectUrl(item.file);
  return (
    <Box sx={{ position: 'relative', borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover', aspectRatio: '4 / 3' }} data-testid="image-preview">
      {url && <Box component="img" src={url} alt={label} sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />}
      <Typography variant="caption" sx={{ position: 'absolute', left: 4, bottom: 4, px: 0.5, borderRadius: 0.5, bgcolor: 'rgba(255,255,255,0.85)', maxWidth: 'calc(100% - 48px)' }} noWrap>
        {item.file.name}
      </Typography>
      <IconButton size="small" aria-label={t('common.removeOf', { name: item.file.name })} onClick={onRemove} sx={{ position: 'absolute', top: 4, right: 4, bgcolor: 'rgba(255,255,255,0.85)', '&:hover': { bgcolor: 'white' } }}>
        <DeleteOutlined fontSize="small" />
      </IconButton>
    </Box>
  );
}

/** A place to drop photos, with a browse button. */
function DropArea({ onFiles, multiple, label, disabled = false, children }: { onFiles: (files: File[]) => void; multiple: boolean; label: string; disabled?: boolean; children?: ReactNode }) {
  const { t } = useTranslation();
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) onFiles([...event.dataTransfer.files]);
  };
  return (
    <Box
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'action.hover' : 'transparent',
        borderRadius: 2,
        p: 2,
        display: 'grid',
        gap: 1,
        justifyItems: 'center',
        textAlign: 'center',
        opacity: disabled ? 0.6 : 1,
      }}
    >
      {children}
      <Button variant="outlined" size="small" component="label" startIcon={<CloudUpload />} disabled={disabled}>
        {t('createOrder.browse')}
        <input
          hidden
          type="file"
          accept="image/*"
          multiple={multiple}
          aria-label={label}
          disabled={disabled}
          onChange={(e) => {
            onFiles([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
      </Button>
    </Box>
  );
}

function FreeForm({ images, onFiles, onRemove, disabled }: { images: UploadItem[]; onFiles: (files: File[]) => void; onRemove: (key: string) => void; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <DropArea onFiles={onFiles} multiple label={t('createOrder.addImages')} disabled={disabled || images.length >= FREE_FORM_MAX}>
        <Typography color="text.secondary">{disabled ? t('createOrder.chooseGuideFirst') : t('createOrder.dropHere', { max: FREE_FORM_MAX })}</Typography>
      </DropArea>
      {images.length > 0 && (
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' }}>
          {images.map((item) => (
            <Preview key={item.key} item={item} label={t('common.positionLabel', { position: item.position })} onRemove={() => onRemove(item.key)} />
          ))}
        </Box>
      )}
    </Box>
  );
}

/** One drop slot per position of the guide, sorted by position, with the angle name and overlay. */
function PositionSlots({
  guide,
  slots,
  images,
  onFiles,
  onRemove,
}: {
  guide: StyleGuidePositions;
  slots: Slot[];
  images: UploadItem[];
  onFiles: (position: number, files: File[]) => void;
  onRemove: (key: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))' }} aria-label={guide.name} role="list">
      {slots.map((slot) => {
        const item = images.find((i) => i.position === slot.position);
        const name = slot.type === 'FEATURED' ? t('common.featuredImage') : (slot.angle?.name ?? '');
        const overlay = overlayOf(slot);
        const label = t('createOrder.positionNamed', { position: slot.position, name });
        return (
          <Paper key={slot.id} variant="outlined" role="listitem" data-testid={`position-${slot.position}`} aria-label={label} sx={{ p: 1.5, display: 'grid', gap: 1, alignContent: 'start' }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 40 }}>
              {overlay ? (
                <Box component="img" src={overlay} alt="" sx={{ width: 40, height: 40, objectFit: 'contain', bgcolor: 'action.hover', borderRadius: 1 }} />
              ) : null}
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="subtitle2">{t('common.positionLabel', { position: slot.position })}</Typography>
                <Typography variant="body2" color="text.secondary" noWrap title={name}>
                  {name}
                </Typography>
              </Box>
            </Box>
            {item ? (
              <Preview item={item} label={label} onRemove={() => onRemove(item.key)} />
            ) : (
              <DropArea onFiles={(files) => onFiles(slot.position, files)} multiple={false} label={t('createOrder.imageFor', { name: label })}>
                <Typography variant="body2" color="text.secondary">
                  {t('createOrder.dropOne')}
                </Typography>
              </DropArea>
            )}
          </Paper>
        );
      })}
    </Box>
  );
}
