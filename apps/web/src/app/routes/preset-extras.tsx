import SlotNotice from '../../features/delivery/components/slot-notice';
import ReliabilityLine from '../../features/preset-detail/components/reliability-line';
import SuggestionBot from '../../features/suggestion-bot/components/suggestion-bot';

// What the restaurant and preset pages add once they have shown (one chunk, loaded after the
// page: the key pages' JavaScript budget has no room for either): the server's calendar and
// capacity answer for the chosen delivery time (decision 055), the suggestion bot, in the row
// of the header's actions, where it covers nothing (issue 20), and the restaurant's reliability
// beside its rating (issue 20 part 3). Not a route itself.

export default function PresetExtras({
  presetId,
  presetName,
  delivery,
  savedCart,
}: {
  presetId: number;
  presetName: string;
  delivery: { deliveryDate: string; deliveryTime: string };
  /** a customer's saved cart: the server answers availability for the catalogue's presets only */
  savedCart: boolean;
}) {
  return (
    <>
      {savedCart ? null : <SlotNotice presetId={presetId} delivery={delivery} />}
      {savedCart ? null : <ReliabilityLine presetId={presetId} />}
      <SuggestionBot presetId={presetId} presetName={presetName} />
    </>
  );
}
