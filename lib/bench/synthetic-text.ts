// Vocabulary and sentence builders for the synthetic benchmark dataset: medical-sounding English and Chinese
// text of controlled length. The words only need to look plausible and give text search realistic
// selectivity; nothing here is medical advice.
import type { Random } from '@/lib/bench/prng';

export type Language = 'en' | 'zh';

interface Vocabulary {
  verbs: readonly string[];
  objects: readonly string[];
  pitfalls: readonly string[];
  qualifiers: readonly string[];
  reasons: readonly string[];
  requirements: readonly string[];
  symptoms: readonly string[];
  questions: readonly string[];
  advice: readonly string[];
  /** Level descriptors by label: the opening sentence, given a requirement. */
  levels: Record<string, (requirement: string) => string>;
  /** Joins two clauses of one sentence. */
  and: string;
  sentence: {
    criterion: (verb: string, object: string, qualifier: string) => string;
    pitfall: (pitfall: string) => string;
    reason: (reason: string) => string;
    requirement: (requirement: string) => string;
    symptom: (age: number, symptom: string) => string;
    advice: (advice: string) => string;
  };
}

const EN: Vocabulary = {
  verbs: [
    'Recommends',
    'Advises',
    'Explains',
    'Warns about',
    'Asks about',
    'Mentions',
    'Clarifies',
    'States',
    'Identifies',
    'Suggests',
    'Describes',
    'Checks',
    'Encourages',
    'Summarises',
  ],
  objects: [
    'the maximum daily dose of paracetamol',
    'warning signs that need emergency care',
    'blood pressure targets for older adults',
    'drug interactions with warfarin',
    'a follow-up visit within two weeks',
    'hydration and rest for a mild fever',
    'the risk of low blood sugar with insulin',
    'screening for gestational diabetes',
    'when antibiotics are not needed',
    'the typical symptoms of a stroke',
    'safe sleep positions for infants',
    'a balanced diet rich in fibre',
    'the need for a specialist referral',
    'common side effects of statins',
    'dose adjustment in kidney disease',
    'the childhood vaccination schedule',
    'signs of dehydration in toddlers',
    'the limits of an online consultation',
    'the allergy history before prescribing',
    'lifestyle changes for acid reflux',
    'the difference between a cold and influenza',
    'how to monitor blood glucose at home',
    'the role of physical activity in recovery',
    'sleep hygiene for chronic insomnia',
    'the interpretation of an abnormal lab result',
    'contraindications during pregnancy',
    'the correct inhaler technique',
    'pain relief options after minor surgery',
  ],
  pitfalls: [
    'Gives a definitive diagnosis without an examination',
    'Recommends stopping prescribed medication abruptly',
    'Suggests a dose above the recommended maximum',
    'Fails to mention that chest pain needs emergency care',
    'Recommends antibiotics for a likely viral infection',
    'Dismisses symptoms that could indicate a stroke',
    'Claims a supplement cures the disease',
    'Gives adult dosing for a young child',
    'Ignores the reported pregnancy when advising medication',
    'Reassures the user without asking about red flags',
  ],
  qualifiers: [
    'in plain language',
    "for this patient's age",
    'before suggesting any medication',
    'with a clear time frame',
    'in the first paragraph',
    'given the reported symptoms',
    'and cites a current guideline',
    'without overstating certainty',
    'for a user with diabetes',
    'during pregnancy',
  ],
  reasons: [
    'the user may otherwise delay necessary care',
    'the condition can worsen within hours',
    'the patient already takes several medicines',
    'recommendations differ by age group',
    'the symptoms overlap with more serious conditions',
    'incorrect dosing is a common cause of harm',
    'the user asked for practical next steps',
    'guidelines changed in recent years',
  ],
  requirements: [
    'a specific dose or threshold rather than a vague range',
    'an explicit instruction on when to seek urgent care',
    'both the benefit and the main risk',
    'a recommendation that matches current guidelines',
    'that the advice is tailored to the details in the conversation',
    'a short explanation of why the step matters',
  ],
  symptoms: [
    'have had a dull headache for three days that gets worse in the evening',
    'started a new blood pressure tablet last week and feel dizzy when I stand up',
    'have a fever of 38.5 degrees and a sore throat since yesterday',
    'noticed my ankles are swollen after long flights',
    'keep waking up at 3 am and cannot fall asleep again',
    'have had heartburn after almost every meal for a month',
    'was told my fasting glucose is 6.4 mmol/L',
    'get short of breath climbing two flights of stairs',
    'have a rash on both arms that itches at night',
    'am 28 weeks pregnant and have had a headache since this morning',
    'have lower back pain after lifting boxes at work',
    'feel tired all the time even after eight hours of sleep',
  ],
  questions: [
    'What should I do?',
    'Is this something to worry about?',
    'Can I take ibuprofen for it?',
    'Do I need to see a doctor, and how soon?',
    'What tests would a doctor order?',
    'Is there anything I can do at home first?',
    'Could this be related to my medication?',
  ],
  advice: [
    'it would help to know whether you have any other symptoms such as fever or chest pain',
    'keep a short diary of when the symptoms start and what makes them better',
    'please check the dose on the package and do not exceed it',
    'if the pain becomes severe or sudden, call emergency services',
    'a doctor can check your blood pressure and review your medicines',
    'drinking enough water and resting usually helps in the first days',
    'it is worth booking an appointment within the next week',
  ],
  levels: {
    'Not Met': () => 'The response omits this or gets it wrong. ',
    'Partially Met': (requirement) => `Mentions it, but without ${requirement}. `,
    'Fully Met': (requirement) => `Covers it accurately, with ${requirement}. `,
    'No Error': () => 'The response avoids this error entirely. ',
    'Minor Error': () => 'Hints at it but qualifies it, so little harm is likely. ',
    'Major Error': () => 'States it plainly, so the user may act on it. ',
  },
  and: ' and ',
  sentence: {
    criterion: (verb, object, qualifier) => `The response ${verb.toLowerCase()} ${object} ${qualifier}. `,
    pitfall: (pitfall) => `The response ${pitfall.charAt(0).toLowerCase()}${pitfall.slice(1)}. `,
    reason: (reason) => `This matters because ${reason}. `,
    requirement: (requirement) => `Full credit requires ${requirement}. `,
    symptom: (age, symptom) => `I'm ${age} and I ${symptom}. `,
    advice: (advice) => `${advice.charAt(0).toUpperCase()}${advice.slice(1)}. `,
  },
};

const ZH: Vocabulary = {
  verbs: ['建议', '说明', '提醒', '询问', '解释', '强调', '指出', '推荐', '明确告知', '概述'],
  objects: [
    '对乙酰氨基酚的每日最大剂量',
    '需要紧急就医的危险信号',
    '老年人的血压控制目标',
    '华法林的药物相互作用',
    '两周内复诊',
    '轻度发热时补充水分和休息',
    '使用胰岛素时低血糖的风险',
    '妊娠期糖尿病筛查',
    '抗生素并非必要的情形',
    '中风的典型症状',
    '婴儿的安全睡姿',
    '富含膳食纤维的均衡饮食',
    '转诊专科的必要性',
    '他汀类药物的常见副作用',
    '肾功能不全时的剂量调整',
    '儿童疫苗接种时间表',
    '幼儿脱水的表现',
    '在线咨询的局限性',
    '开药前询问过敏史',
    '改善胃食管反流的生活方式',
  ],
  pitfalls: [
    '未经检查即给出明确诊断',
    '建议突然停用处方药',
    '建议的剂量超过推荐上限',
    '未提及胸痛需要紧急就医',
    '对可能的病毒感染推荐抗生素',
    '忽视可能提示中风的症状',
    '声称保健品可以治愈疾病',
    '给幼儿使用成人剂量',
  ],
  qualifiers: [
    '，语言通俗易懂',
    '，并结合患者年龄',
    '，且给出明确的时间',
    '，并引用相关指南',
    '，不夸大确定性',
    '，考虑到所述症状',
    '，放在回答开头',
  ],
  reasons: [
    '用户可能因此延误必要的治疗',
    '病情可能在数小时内加重',
    '患者正在服用多种药物',
    '不同年龄段的建议不同',
    '这些症状与更严重的疾病相似',
    '剂量错误是常见的伤害原因',
  ],
  requirements: [
    '给出具体剂量或阈值而非模糊范围',
    '明确说明何时需要紧急就医',
    '同时说明获益和主要风险',
    '建议与现行指南一致',
    '建议针对对话中的具体情况',
  ],
  symptoms: [
    '头痛三天了，晚上更严重',
    '上周开始吃新的降压药，站起来时头晕',
    '从昨天开始发烧38.5度，喉咙痛',
    '长途飞行后脚踝肿胀',
    '每天凌晨三点醒来后无法再入睡',
    '一个月来几乎每顿饭后都烧心',
    '空腹血糖是6.4 mmol/L',
    '爬两层楼梯就气短',
    '怀孕28周，从今天早上开始头痛',
  ],
  questions: [
    '我该怎么办？',
    '需要担心吗？',
    '可以吃布洛芬吗？',
    '需要去看医生吗，多快去？',
    '在家可以先做些什么？',
    '这和我吃的药有关吗？',
  ],
  advice: [
    '请告诉我是否还有发烧或胸痛等其他症状',
    '记录症状出现的时间和缓解的因素',
    '请核对药品说明书上的剂量，不要超量',
    '如果疼痛突然加重，请立即拨打急救电话',
    '医生可以为您测量血压并核查用药',
    '最好在一周内预约门诊',
  ],
  levels: {
    'Not Met': () => '回答未涉及此点或表述错误。',
    'Partially Met': (requirement) => `提及此点，但未能${requirement}。`,
    'Fully Met': (requirement) => `准确完整地涵盖此点，并${requirement}。`,
    'No Error': () => '回答完全避免了这一错误。',
    'Minor Error': () => '略有涉及但有所保留，造成伤害的可能性小。',
    'Major Error': () => '明确给出错误建议，用户可能据此行事。',
  },
  and: '，并',
  sentence: {
    criterion: (verb, object, qualifier) => `回答应当${verb}${object}${qualifier}。`,
    pitfall: (pitfall) => `回答${pitfall}。`,
    reason: (reason) => `这很重要，因为${reason}。`,
    requirement: (requirement) => `满分要求${requirement}。`,
    symptom: (age, symptom) => `我今年${age}岁，${symptom}。`,
    advice: (advice) => `${advice}。`,
  },
};

export const VOCABULARY: Record<Language, Vocabulary> = { en: EN, zh: ZH };

/**
 * Appends pieces until the text reaches a random length in [min, max], then cuts it to at most `max`
 * characters (at a word boundary when that keeps it long enough).
 */
export function textOfLength(random: Random, min: number, max: number, piece: () => string, separator = ''): string {
  const target = random.int(min, max);
  let text = piece();
  while (text.length < target) text += separator + piece();
  text = text.trimEnd();
  if (text.length <= max && text.length >= min) return text;
  let cut = text.slice(0, max).trimEnd();
  const space = cut.lastIndexOf(' ');
  if (space >= min) cut = cut.slice(0, space);
  const dangling = cut.replace(/(\s+and|，并|[\s,，])+$/u, '');
  if (dangling.length >= min) cut = dangling;
  // Trailing punctuation removal can only shorten by a character or two; pad back if it went too far.
  while (cut.length < min) cut += '.';
  return cut;
}

export function criterionTitle(random: Random, language: Language, pitfall: boolean): string {
  const v = VOCABULARY[language];
  let first = true;
  return textOfLength(
    random,
    30,
    90,
    () => {
      const clause = pitfall ? random.pick(v.pitfalls) : `${random.pick(v.verbs)}${language === 'en' ? ' ' : ''}${random.pick(v.objects)}`;
      const lowered = first || language === 'zh' ? clause : `${clause.charAt(0).toLowerCase()}${clause.slice(1)}`;
      first = false;
      return lowered;
    },
    v.and,
  );
}

export function criterionDescription(random: Random, language: Language, pitfall: boolean): string {
  const v = VOCABULARY[language];
  let first = true;
  return textOfLength(random, 80, 400, () => {
    if (first) {
      first = false;
      return pitfall
        ? v.sentence.pitfall(random.pick(v.pitfalls))
        : v.sentence.criterion(random.pick(v.verbs), random.pick(v.objects), random.pick(v.qualifiers));
    }
    return random.chance(0.5) ? v.sentence.reason(random.pick(v.reasons)) : v.sentence.requirement(random.pick(v.requirements));
  });
}

export function levelDescription(random: Random, language: Language, label: string): string {
  const v = VOCABULARY[language];
  const opening = v.levels[label] ?? v.levels['Fully Met'];
  let first = true;
  return textOfLength(random, 40, 160, () => {
    if (first) {
      first = false;
      return opening?.(random.pick(v.requirements)) ?? '';
    }
    return v.sentence.reason(random.pick(v.reasons));
  });
}

export function userMessage(random: Random, language: Language): string {
  const v = VOCABULARY[language];
  let first = true;
  return textOfLength(random, 80, 600, () => {
    if (first) {
      first = false;
      return v.sentence.symptom(random.int(18, 85), random.pick(v.symptoms));
    }
    return random.chance(0.5) ? `${random.pick(v.questions)}${language === 'en' ? ' ' : ''}` : v.sentence.advice(random.pick(v.advice));
  });
}

export function assistantMessage(random: Random, language: Language): string {
  const v = VOCABULARY[language];
  return textOfLength(random, 150, 700, () => v.sentence.advice(random.pick(v.advice)));
}
