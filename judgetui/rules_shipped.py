"""GENERATED from rules.toml by ``python -m judgetui.tools.shipped_rules``: do not
edit. tests/unit/test_rules_shipped.py fails while this is not what it writes.

The shipped rules made with the shapes' constructors, as `msgspec.convert` makes
them from the TOML; `judgetui.rules.rules_source` uses it only for the text whose
sha256 is `SHA256`. It imports nothing of judgetui (the shapes are given to
`build`): `judgetui.rules` imports it.
"""

# ruff: noqa
# fmt: off

from typing import Any

SHA256 = 'b357be2077ad204bec374d9e0e952e3f78be31e5859c0bfbc490c9703c37ca05'


def build(shapes: Any) -> Any:
    """The rules, made of the classes of ``shapes`` (the module `judgetui.rules`)."""
    Category = shapes.Category
    DecisionOption = shapes.DecisionOption
    Duplicates = shapes.Duplicates
    FinalsRules = shapes.FinalsRules
    Group = shapes.Group
    HistoryRules = shapes.HistoryRules
    Infraction = shapes.Infraction
    Penalty = shapes.Penalty
    Rules = shapes.Rules
    Sanctions = shapes.Sanctions
    TardinessStep = shapes.TardinessStep
    ThreeWarnings = shapes.ThreeWarnings
    Upgrade = shapes.Upgrade
    return Rules(
        version=1,
        penalties={
            'caution': Penalty(kind='warning', rank=0, en='Caution', ja='注意', abbr='注', points=0, recorded=False, issuer='any'),
            'notice': Penalty(kind='warning', rank=1, en='Notice', ja='通告', abbr='通', points=0, issuer='any_reported'),
            'single_warning': Penalty(kind='warning', rank=2, en='Single Warning', ja='単一警告', abbr='警１', points=1, issuer='head_confirms'),
            'double_warning': Penalty(kind='warning', rank=3, en='Double Warning', ja='二重警告', abbr='警２', points=2, issuer='head'),
            'triple_warning': Penalty(kind='warning', rank=4, en='Triple Warning', ja='三重警告', abbr='警３', points=3, issuer='head', investigation=True),
            'game_loss': Penalty(kind='sanction', rank=1, en='Game loss', ja='デュエルの敗北', abbr='デ敗', points=0, issuer='head'),
            'match_loss': Penalty(kind='sanction', rank=2, en='Match loss', ja='マッチの敗北', abbr='マ敗', points=0, issuer='head'),
            'ejection': Penalty(kind='sanction', rank=3, en='Ejection', ja='退場', abbr='退', points=0, issuer='head', ends_tournament=True),
            'disqualification': Penalty(kind='sanction', rank=4, en='Disqualification', ja='失格', abbr='失', points=0, issuer='head', ends_tournament=True, forfeits_prizes=True),
        },
        categories={
            'unintentional_nondisruptive': Category(intentional=False, disruptive=False, minimum='caution'),
            'unintentional_disruptive': Category(intentional=False, disruptive=True, minimum='notice'),
            'intentional_nondisruptive': Category(intentional=True, disruptive=False, minimum='single_warning'),
            'intentional_disruptive': Category(intentional=True, disruptive=True, minimum='double_warning'),
        },
        upgrades={
            'serious_advantage': Upgrade(raises_to='double_warning', en='Did the violation give the player a serious advantage in the game or match?', ja='その違反によって、プレイヤーは重大な優位を得ましたか？', rule='seed EN §ii: a serious advantage makes it a Double Warning', option='advantage'),
            'suspected_cheating': Upgrade(raises_to='double_warning', en='Do you suspect the player is cheating?', ja='プレイヤーが不正をしている疑いがありますか？', rule='seed EN §ii: a judge who suspects cheating gives a Double Warning', option='suspect-cheating'),
            'strong_cheating': Upgrade(raises_to='triple_warning', en='Do you strongly believe the player is cheating?', ja='プレイヤーが不正をしていると強く確信していますか？', rule='seed EN §ii: a strong belief of cheating makes it a Triple Warning'),
            'severe_unsporting': Upgrade(raises_to='triple_warning', en='Is the conduct severely unsporting?', ja='スポーツマンシップに著しく反する行為ですか？', rule='seed EN §ii: severe unsporting conduct makes it a Triple Warning'),
            'egregious_unsporting': Upgrade(raises_to='disqualification', applies_to=['unsporting_conduct'], minimum=True, en='Is it so egregious that the player is disqualified at once?', ja='あまりにひどく、即座に失格とすべきですか？', rule='seed JA 重度の違反: あまりにひどい場合には，自動的に失格の扱いとなる', option='egregious'),
            'undetermined_intent': Upgrade(raises_to='single_warning', applies_to=['game_state_dispute'], every_player=True, en='Can you NOT tell which player acted intentionally?', ja='どちらのプレイヤーが故意に行ったのか判断できませんか？', rule='seed EN §v.8: if the judge cannot tell who was intentional, Single Warnings to both players', option='undetermined'),
        },
        history=HistoryRules(repeat_raises_to='double_warning', notice_grounds_raises_to='single_warning', official_from='single_warning'),
        finals=FinalsRules(repeat_from_main_raises_to='double_warning', names_en=['quarterfinals', 'semifinals', 'finals'], names_ja=['準々決勝', '準決勝', '決勝']),
        three_warnings=ThreeWarnings(threshold=3, forced_ejection_at=4, default='ejection', options={'game_loss': DecisionOption(all_minor=True, all_unintentional=True, no_same_infraction=True, highest_warning='single_warning', rule='seed EN §iii.1: all three minor, all unintentional, none duplicate or double'), 'match_loss': DecisionOption(all_minor=True, all_unintentional=True, highest_warning='single_warning', rule='seed EN §iii.2: all three minor, all unintentional, none double'), 'ejection': DecisionOption(always=True, rule='seed EN §iii.3: ejection is the base line penalty for three warnings'), 'disqualification': DecisionOption(strong_cheating=True, double_warnings=2, triple_warnings=1, rule='seed EN §iii.4: strong belief of cheating, two Double Warnings or a Triple Warning')}),
        sanctions=Sanctions(game_loss_current_when='advantage_in_game', match_loss_next_when='between_matches'),
        groups={
            'uncategorised': Group(order=1, en='Infractions in no other category', ja='特定のカテゴリに入らない違反'),
            'severe': Group(order=2, en='Severe infractions', ja='重度の違反'),
            'deck': Group(order=3, en='Deck and decklist', ja='デッキ・デッキリスト関連の違反'),
            'between_players': Group(order=4, en='Between players', ja='プレイヤー間での違反行為'),
            'marked_cards': Group(order=5, en='Marked cards, sleeves and other card problems', ja='マークドカード/スリーブそのほかカード関連'),
            'pre_duel': Group(order=6, en='Before the duel: procedure and rules errors', ja='デュエル開始前の違反行為・ルールミス'),
            'in_duel': Group(order=7, en='During the duel', ja='デュエル進行中の違反行為'),
            'draft': Group(order=8, en='Draft', ja='ドラフトの違反'),
        },
        infractions={
            'previous_opponent_card': Infraction(en="Previous opponent's card found in player's deck", ja='前の対戦相手のカードがデッキに入っていた', group='deck', category='unintentional_disruptive', sanction='game_loss', minor=False, source='seed'),
            'deck_not_restored': Infraction(en='Deck not returned to original configuration', ja='デッキを元の構成に戻していない', group='deck', category='unintentional_disruptive', minor=False, source='seed'),
            'decklist_mismatch': Infraction(en='Deck list does not match a legal deck', ja='デッキリストが（合法な）デッキと一致しない', group='deck', category='unintentional_nondisruptive', sanction='game_loss', sanction_applies='next', minor=False, source='seed'),
            'illegal_deck': Infraction(en='Illegal deck or deck list', ja='不正なデッキまたはデッキリスト', group='deck', category='unintentional_disruptive', sanction='ejection', intentional_sanction='disqualification', minor=False, source='seed'),
            'game_rules_violation': Infraction(en='Game rules violation (e.g. casting cost not paid)', ja='ゲームルール違反（コストの不払いなど）', group='in_duel', category='any', minor=True, source='seed'),
            'slow_play': Infraction(en='Slow play', ja='ひどく遅いプレイ（時間稼ぎでないとき）', group='in_duel', category='unintentional_disruptive', minor=True, source='seed'),
            'tardiness': Infraction(en='Tardiness', ja='遅刻', group='pre_duel', category='unintentional_disruptive', minor=True, tardiness_steps=[TardinessStep(after_minutes=1, penalty='notice'), TardinessStep(after_minutes=5, penalty='game_loss'), TardinessStep(after_minutes=10, penalty='match_loss')], source='seed'),
            'game_state_dispute': Infraction(en='Misrepresenting the game state (timing, life totals)', ja='ゲーム状況の誤った提示（タイミング、ライフ）', group='in_duel', category='unintentional_disruptive', minor=True, multi_player=True, source='seed'),
            'cheating': Infraction(en='Cheating', ja='イカサマ（不正行為）', group='severe', category='intentional_disruptive', minimum='double_warning', minor=False, after_ejection=True, source='seed'),
            'other_infraction': Infraction(en='Infraction in no other category', ja='特定のカテゴリに入らない違反', group='uncategorised', category='any', minor=True, repeat_upgrade=False, source='project default'),
            'unsporting_conduct': Infraction(en='Unsporting conduct', ja='スポーツマンシップに反した行為', group='severe', category='intentional_disruptive', minor=False, after_ejection=True, source='project default'),
            'collusion': Infraction(en='Collusion or bribery', ja='八百長/イカサマ（買収・共謀）', group='severe', category='intentional_disruptive', sanction='disqualification', minor=False, multi_player=True, source='project default'),
            'limited_decklist_error': Infraction(en='Limited decklist misregistration', ja='デッキリストの不正記録（限定環境）', group='deck', category='unintentional_disruptive', sanction='game_loss', minor=False, multi_player=True, source='project default'),
            'outside_assistance': Infraction(en='Outside assistance (giving or receiving advice)', ja='助言/指導を与えた/もらった', group='between_players', category='intentional_disruptive', minor=False, remedy='A helper who is not a tournament participant is removed from the venue.', remedy_ja='補助した人間がトーナメント参加者でない場合には，大会会場から除外する。', multi_player=True, source='project default'),
            'undeclared_card_swap': Infraction(en='Swapping cards without telling a judge', ja='ジャッジに宣言しないカードの交換', group='marked_cards', category='unintentional_disruptive', minor=False, source='project default'),
            'mulligan_error': Infraction(en='Mulligan rule error', ja='マリガンルールのミス', group='pre_duel', category='unintentional_disruptive', minor=True, source='project default'),
            'shuffle_procedure_error': Infraction(en='Shuffle or cut procedure error', ja='シャッフル/カットの手順のミス', group='pre_duel', category='unintentional_disruptive', minor=True, source='project default'),
            'play_first_no_draw': Infraction(en='Play-first-no-draw rule violation', ja='先攻ドローなしルールの違反', group='pre_duel', category='unintentional_disruptive', minor=True, source='project default'),
            'pre_duel_time_limit': Infraction(en='Pre-duel time limit exceeded (5 minutes, not stalling)', ja='デュエル開始前の制限時間超過（時間稼ぎでない場合）', group='pre_duel', category='unintentional_disruptive', minor=True, extra_infraction_if_stalling='unsporting_conduct', source='project default'),
            'insufficient_randomisation': Infraction(en='Deck not randomised (not stacking)', ja='デッキを無作為に混ぜあわせていなかった（つみこみでないとき）', group='pre_duel', category='unintentional_disruptive', minor=True, source='project default'),
            'drawing_extra_cards': Infraction(en='Drawing extra cards (not clearly intentional)', ja='余計なカードを引いた（故意であると確信できないとき）', group='in_duel', category='unintentional_disruptive', minor=True, source='project default'),
            'looking_at_extra_cards': Infraction(en='Looking at extra cards (not clearly intentional)', ja='カードを余分に見た（故意であると確信できないとき）', group='in_duel', category='unintentional_disruptive', minor=True, remedy='Reshuffle the library.', remedy_ja='ライブラリをシャッフルし直す。', source='project default'),
            'cards_off_table': Infraction(en='Cards not kept on the table', ja='テーブルの上にカードを保たなかった', group='in_duel', category='unintentional_disruptive', minor=True, source='project default'),
            'improper_notes': Infraction(en='Improper note-taking', ja='不適正な記録を取る', group='in_duel', category='unintentional_nondisruptive', minor=True, source='project default'),
            'fact_disagreement': Infraction(en='Disagreement on the facts (none when the facts are established)', ja='事実認識の食い違い（事実が判断できた場合には罰則なし）', group='in_duel', category='unintentional_disruptive', minor=True, remedy='Reconstruct the facts first; when both players agree or the judge establishes them, no penalty.', remedy_ja='まず状況から真実を再構築する。両プレイヤーが一致するかジャッジが真実を提示できれば罰則なし。', multi_player=True, source='project default'),
            'standard_draft': Infraction(en='Standard draft infraction', ja='標準のドラフトの違反', group='draft', category='unintentional_nondisruptive', minor=True, draft_only=True, source='seed'),
            'excessive_draft': Infraction(en='Excessive draft infraction', ja='過度のドラフトの違反', group='draft', category='intentional_disruptive', minor=False, source='project default'),
        },
        duplicates=Duplicates(),
    )
