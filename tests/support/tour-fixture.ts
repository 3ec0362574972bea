import type { BrochureData, ItineraryData, TourDocumentDay } from '../../server/documents/templates/tour';

/**
 * Tours as their documents receive them, written in English, Arabic, Japanese and Chinese, for the
 * itinerary's tests and the documents bench: any number of days over three destinations, each day
 * with a hotel, activities, transfers, meals and a note.
 */
export type FixtureLanguage = 'en' | 'ae' | 'ja' | 'zh';

interface Words {
  title: string;
  customer: string;
  places: { destination: string; hotel: string; room: string; activities: string[] }[];
  transfers: string;
  note: string;
  lines: string[];
  inclusions: string[];
  exclusions: string[];
  packageTitle: string;
  description: string;
}

export const WORDS: Record<FixtureLanguage, Words> = {
  en: {
    title: 'Oman and the Emirates',
    customer: 'Amira Haddad',
    places: [
      { destination: 'Muscat', hotel: 'Al Bustan Palace', room: 'Deluxe Sea View', activities: ['Sultan Qaboos Grand Mosque', 'Mutrah Souq walk'] },
      { destination: 'Dubai', hotel: 'Marina Harbour Hotel', room: 'Superior King', activities: ['Desert safari with dinner', 'Burj Khalifa at sunset'] },
      { destination: 'Abu Dhabi', hotel: 'Corniche Bay Resort', room: 'Family Suite', activities: ['Louvre Abu Dhabi', 'Mangrove kayaking'] },
    ],
    transfers: 'Private car from the hotel, pick-up at 08:30',
    note: 'Morning at leisure, then a guided walk through the old town and the markets; comfortable shoes recommended.',
    lines: ['Hotels, 20 nights in double rooms', 'Guided excursions and entrance fees', 'Private transfers', 'Domestic flight Muscat to Dubai'],
    inclusions: ['Breakfast every day', 'English-speaking guides', 'All transfers in air-conditioned cars'],
    exclusions: ['International flights', 'Travel insurance', 'Visa fees'],
    packageTitle: 'Classic Arabia in comfort',
    description: 'Three cities, the desert and the sea: a relaxed journey through Oman and the Emirates.',
  },
  ae: {
    title: 'عُمان والإمارات',
    customer: 'أميرة حداد',
    places: [
      { destination: 'مسقط', hotel: 'قصر البستان', room: 'غرفة ديلوكس مطلة على البحر', activities: ['جامع السلطان قابوس الأكبر', 'جولة في سوق مطرح'] },
      { destination: 'دبي', hotel: 'فندق مرسى المارينا', room: 'غرفة سوبيريور', activities: ['رحلة سفاري في الصحراء مع العشاء', 'برج خليفة عند الغروب'] },
      { destination: 'أبوظبي', hotel: 'منتجع خليج الكورنيش', room: 'جناح عائلي', activities: ['متحف اللوفر أبوظبي', 'التجديف بين أشجار القرم'] },
    ],
    transfers: 'سيارة خاصة من الفندق، الاستلام الساعة 08:30',
    note: 'صباح حر ثم جولة مع مرشد في البلدة القديمة والأسواق؛ يُنصح بأحذية مريحة.',
    lines: ['الفنادق، 20 ليلة في غرف مزدوجة', 'رحلات مع مرشد ورسوم الدخول', 'تنقلات خاصة', 'رحلة داخلية من مسقط إلى دبي'],
    inclusions: ['الإفطار يوميًا', 'مرشدون يتحدثون العربية', 'جميع التنقلات بسيارات مكيفة'],
    exclusions: ['الرحلات الدولية', 'تأمين السفر', 'رسوم التأشيرة'],
    packageTitle: 'الجزيرة العربية الكلاسيكية براحة',
    description: 'ثلاث مدن والصحراء والبحر: رحلة هادئة عبر عُمان والإمارات.',
  },
  ja: {
    title: 'オマーンとアラブ首長国連邦',
    customer: '山田 花子',
    places: [
      { destination: 'マスカット', hotel: 'アル・ブスタン・パレス', room: 'デラックス・シービュー', activities: ['スルタン・カブース・グランドモスク', 'マトラ・スーク散策'] },
      { destination: 'ドバイ', hotel: 'マリーナ・ハーバー・ホテル', room: 'スーペリア・キング', activities: ['夕食付きデザートサファリ', '夕暮れのブルジュ・ハリファ'] },
      { destination: 'アブダビ', hotel: 'コーニッシュ・ベイ・リゾート', room: 'ファミリースイート', activities: ['ルーブル・アブダビ', 'マングローブでのカヤック'] },
    ],
    transfers: 'ホテルから専用車、08:30に集合',
    note: '午前は自由行動、その後ガイドと旧市街と市場を散策します。歩きやすい靴をお勧めします。',
    lines: ['ホテル20泊（ツインルーム）', 'ガイド付き観光と入場料', '専用車での送迎', 'マスカット発ドバイ行き国内線'],
    inclusions: ['毎日の朝食', '日本語ガイド', 'エアコン付き車両での全送迎'],
    exclusions: ['国際線航空券', '海外旅行保険', 'ビザ代'],
    packageTitle: 'ゆったり巡るクラシック・アラビア',
    description: '三つの都市、砂漠と海。オマーンと首長国連邦をゆったり巡る旅です。',
  },
  zh: {
    title: '阿曼与阿联酋之旅',
    customer: '王小明',
    places: [
      { destination: '马斯喀特', hotel: '布斯坦宫酒店', room: '豪华海景房', activities: ['苏丹卡布斯大清真寺', '穆特拉集市漫步'] },
      { destination: '迪拜', hotel: '码头港湾酒店', room: '高级大床房', activities: ['含晚餐的沙漠冲沙', '日落时分的哈利法塔'] },
      { destination: '阿布扎比', hotel: '滨海湾度假村', room: '家庭套房', activities: ['阿布扎比卢浮宫', '红树林皮划艇'] },
    ],
    transfers: '酒店专车接送，08:30 出发',
    note: '上午自由活动，随后由导游带领游览老城和集市，建议穿舒适的鞋子。',
    lines: ['酒店 20 晚（双人间）', '导游陪同游览及门票', '专车接送', '马斯喀特至迪拜国内航班'],
    inclusions: ['每日早餐', '中文导游', '全程空调车接送'],
    exclusions: ['国际航班', '旅游保险', '签证费'],
    packageTitle: '舒适经典阿拉伯之旅',
    description: '三座城市、沙漠与大海：一次轻松的阿曼与阿联酋之旅。',
  },
};

const DEPARTURE = '2026-03-01';
const dateOf = (day: number) => new Date(Date.parse(`${DEPARTURE}T00:00:00Z`) + (day - 1) * 86_400_000).toISOString().slice(0, 10);

function days(w: Words, count: number, dated: boolean): TourDocumentDay[] {
  return Array.from({ length: count }, (_, i) => {
    const place = w.places[Math.floor((i * w.places.length) / count)];
    return {
      dayNumber: i + 1,
      date: dated ? dateOf(i + 1) : null,
      destination: place.destination,
      hotel: i === count - 1 ? null : { name: place.hotel, stars: 5 - (i % 2), roomType: place.room },
      activities: i % 3 === 2 ? [] : place.activities,
      transfers: i % 2 === 0 ? w.transfers : null,
      meals: i === count - 1 ? ['breakfast'] : ['breakfast', 'dinner'],
      notes: i % 4 === 1 ? w.note : null,
    };
  });
}

/** Selling amounts in cents of USD: the lines add up to the total; two adults share it. */
export const FIXTURE_PRICES = { lines: [1_450_000, 380_000, 120_000, 62_500], total: 2_012_500, perPerson: 1_006_250 };

export function itineraryFixture(lang: FixtureLanguage, dayCount = 5): ItineraryData {
  const w = WORDS[lang];
  return {
    title: w.title,
    version: 2,
    customer: w.customer,
    departure: DEPARTURE,
    arrival: dateOf(dayCount),
    nights: dayCount - 1,
    travellers: { adults: 2, children: 1, infants: 0 },
    destinations: w.places.map((p) => p.destination),
    contact: { name: 'Sara Malik', email: 'sara@demo.travel', phone: '+971 4 555 0100' },
    days: days(w, dayCount, true),
    inclusions: w.inclusions,
    exclusions: w.exclusions,
    price: { currency: 'USD', lines: w.lines.map((description, i) => ({ description, amount: FIXTURE_PRICES.lines[i] })), total: FIXTURE_PRICES.total, perPerson: FIXTURE_PRICES.perPerson },
    validUntil: '2026-02-14',
  };
}

export function brochureFixture(lang: FixtureLanguage, dayCount = 5): BrochureData {
  const w = WORDS[lang];
  return {
    title: w.packageTitle,
    description: w.description,
    nights: dayCount - 1,
    regions: [],
    destinations: w.places.map((p) => p.destination),
    contact: null,
    days: days(w, dayCount, false),
    inclusions: w.inclusions,
    exclusions: w.exclusions,
    prices: { currency: 'USD', adult: 245_000, child: 180_000, infant: 0 },
  };
}
