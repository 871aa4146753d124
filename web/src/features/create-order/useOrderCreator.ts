import type { MeView, SalesPersonView, UserListItem } from '@app/contracts/wire';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { styleGuideQueries } from '../../api/admin';
import { orderKeys } from '../../api/orders';
import { salesPeopleKeys, salesPeopleQueries } from '../../api/salesPeople';
import { meets } from '../../app/access';
import { useForm } from '../../components/form/useForm';
import { ADDS_SALES_PEOPLE } from '../../components/sales-people/salesPersonRules';
import { toast } from '../../components/toast/toast';
import { browserImageTools, isImage, prepareImage } from '../../utils/preprocess';
import { ADD_DELAY_MS, FREE_FORM_MAX, missingPositions, nextFreePosition, roomFor, slotsOf, submitState, validateCreator, type CreatorForm } from './creatorLogic';
import { newMemory, UploadInterruptedError, uploadOrder, type UploadItem } from '../../api/orderUpload';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The order creator's state and rules: the fields (a `useForm`; a field's error shows once it
 * is edited or left), what the account may use (sales people, style guides, the chosen guide's
 * positions), the photos (prepared one by one, 100 ms apart; another guide or account clears
 * them) and the submit (the order, then every photo; after a failure a second submit finishes
 * the same order).
 */
export function useOrderCreator(me: MeView) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isAdmin = me.userRole === 'Admin';
  const salesPerson = me.loggedInSalesPersonInfo;
  // "Add sales person": not for a signed-in sales person; disabled while an admin acts for another account
  const mayAddSalesPerson = !salesPerson && meets(me, ADDS_SALES_PEOPLE);

  const [account, setAccount] = useState<UserListItem | null>(null);
  const [images, setImages] = useState<UploadItem[]>([]);
  const [percent, setPercent] = useState(0);
  // photos still being prepared (added 100 ms apart): the order waits for them
  const [preparing, setPreparing] = useState(0);
  const keys = useRef(0);
  // clearing the images starts a new generation: photos still being prepared for the old one are dropped
  const generation = useRef(0);
  const memory = useRef(newMemory());
  // the upload stopped on the way: what is safe, in words; the submit becomes Resume
  const [interrupted, setInterrupted] = useState<{ safe: number; total: number } | null>(null);

  const form = useForm<CreatorForm>({
    // everyone but the admin creates orders for their own account
    initialValues: { orderName: '', accountId: isAdmin ? '' : me.id, salesPersonId: '', styleGuide: '' },
    validate: (values) => validateCreator(values, { salesPersonSignedIn: Boolean(salesPerson) }),
    showErrors: 'change',
    // the success page and its own error toast tell the outcome
    quiet: true,
    mutationFn: (values) => {
      setPercent(0);
      setInterrupted(null);
      return uploadOrder(
        {
          orderName: values.orderName.trim(),
          styleGuide: values.styleGuide,
          salesMan: salesPerson ? undefined : values.salesPersonId,
          userId: isAdmin ? values.accountId : undefined,
          deviceInformation: { platform: 'web', userAgent: navigator.userAgent.slice(0, 500) },
        },
        images,
        memory.current,
        setPercent,
      );
    },
    // a taken name
    serverErrorField: (error) => (error.statusCode === 409 ? 'orderName' : undefined),
    onSuccess: async () => {
      memory.current = newMemory();
      setInterrupted(null);
      await queryClient.invalidateQueries({ queryKey: orderKeys.all() });
      navigate('/orders/success');
    },
    onError: (error) => {
      if (error instanceof UploadInterruptedError) {
        setInterrupted({ safe: error.safe, total: error.total });
        return;
      }
      toast.error(t('toast.actionError', { action: t('createOrder.submit'), message: error.message }));
    },
    canSubmit: (): boolean => !state.ignored && missing.length === 0,
  });
  const { accountId, styleGuide } = form.values;

  const salesPeople = useQuery({ ...salesPeopleQueries.ofAccount(accountId), enabled: Boolean(accountId) });
  const guides = useQuery({
    ...styleGuideQueries.ofAccount(accountId),
    enabled: Boolean(accountId),
  });
  const guide = useQuery({
    ...styleGuideQueries.one(styleGuide),
    enabled: Boolean(styleGuide),
  });
  const slots = useMemo(() => slotsOf(guide.data), [guide.data]);
  const positionsMode = slots.length > 0;
  const missing = positionsMode ? missingPositions(slots, images.map((i) => i.position)) : [];
  const state = submitState({ errors: form.errors, imageCount: images.length, missing: missing.length, uploading: form.busy || preparing > 0 });

  const clearImages = () => {
    generation.current += 1;
    memory.current = newMemory();
    setInterrupted(null);
    setImages([]);
  };

  /** An admin picks the account the order is for: its sales people and guides differ, so those and the photos start over. */
  const pickAccount = (next: UserListItem | null) => {
    setAccount(next);
    form.setValues((v) => ({ ...v, accountId: next?.id ?? '', salesPersonId: '', styleGuide: '' }));
    form.touch('accountId');
    clearImages();
  };
  /** Picking a guide clears the photos. */
  const pickStyleGuide = (id: string) => {
    form.setValue('styleGuide', id);
    clearImages();
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
  const salesPersonAdded = (created: SalesPersonView[]) => {
    const added = created[0];
    if (!added) return;
    queryClient.setQueryData<SalesPersonView[]>(salesPeopleKeys.ofAccount(accountId), (old = []) => [...old.filter((s) => s.id !== added.id), added]);
    void queryClient.invalidateQueries({ queryKey: salesPeopleKeys.all() });
    form.setValue('salesPersonId', added.id);
  };

  return {
    form,
    isAdmin,
    salesPerson,
    mayAddSalesPerson,
    /** a signed-in sales person missing from the account's list */
    salesPersonMissing: Boolean(salesPerson && salesPeople.data && !salesPeople.data.some((s) => s.id === salesPerson.id)),
    account,
    pickAccount,
    pickStyleGuide,
    salesPeople: salesPeople.data,
    guides: guides.data,
    guide: guide.data,
    slots,
    positionsMode,
    missing,
    images,
    addFreeForm,
    putAt,
    removeImage,
    salesPersonAdded,
    submitDisabled: state.disabled,
    percent,
    /** the upload stopped on the way: how many pictures are safe of how many */
    interrupted,
    /** the order exists and waits for the rest of its pictures: the submit resumes it */
    resumable: interrupted !== null,
  };
}
